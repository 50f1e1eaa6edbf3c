package example;

import io.navpack.format.NavpackType;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/**
 * An order, stored by navpack: a plain record, no serialization code. The annotation is optional; it names the type
 * as the members and SQL see it.
 */
@NavpackType(name = "Order")
public record Order(long id, String customer, String city, Status status, BigDecimal total, LocalDate date,
                    List<Line> lines) {
}
