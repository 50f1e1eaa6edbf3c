package example;

import java.math.BigDecimal;

/** One line of an order: a nested record, queried as {@code lines[any].sku}. */
public record Line(String sku, int quantity, BigDecimal price) {
}
