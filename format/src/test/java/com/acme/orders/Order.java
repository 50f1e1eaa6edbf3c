package com.acme.orders;

import io.navpack.format.NavpackType;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** An order with nested records, a list and an array of records, a set, a primitive array, a map and an enum. */
@NavpackType(id = 20, name = "Order")
public record Order(long id, String status, Customer customer, List<Line> lines, Set<String> tags, int[] scores,
                    BigDecimal total, LocalDate placed, Priority priority, Instant createdAt, UUID ref,
                    Map<String, Integer> counts, Line[] extras, Long discount, double weight) {

    @NavpackType(id = 21, name = "Customer")
    public record Customer(String name, Address address) {
    }

    @NavpackType(id = 22, name = "Address")
    public record Address(String city, String country) {
    }

    @NavpackType(id = 23, name = "Line")
    public record Line(String sku, int qty, BigDecimal price) {
    }

    public enum Priority {
        LOW, NORMAL, HIGH
    }
}
