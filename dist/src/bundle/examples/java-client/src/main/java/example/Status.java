package example;

/** Where an order stands; stored by the constant's name. */
public enum Status {
    OPEN, SHIPPED, CANCELLED
}
