package com.acme.orders;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** An {@link Order} read through views: nested records, lists and arrays of them are views too. */
public interface OrderView {
    long id();

    String status();

    CustomerView customer();

    List<LineView> lines();

    Set<String> tags();

    int[] scores();

    BigDecimal total();

    LocalDate placed();

    Order.Priority priority();

    Instant createdAt();

    UUID ref();

    Map<String, Integer> counts();

    LineView[] extras();

    Long discount();

    double weight();

    interface CustomerView {
        String name();

        AddressView address();
    }

    interface AddressView {
        String city();

        String country();
    }

    interface LineView {
        String sku();

        int qty();

        BigDecimal price();
    }

    /** The same order through bean-style getters and wider Java types where the rules allow them. */
    interface Bean {
        long getId();

        String getStatus();

        Order.Customer getCustomer();

        Collection<Order.Line> getLines();

        Object getTags();

        long getDiscount();
    }
}
