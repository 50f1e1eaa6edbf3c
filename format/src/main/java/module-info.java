/**
 * The navpack format alone: values, schemas, views and builders ({@code io.navpack.format}), and the small
 * service-provider interface that navpack's other modules build on ({@code io.navpack.format.spi}). Code
 * generation ({@code io.navpack.format.internal}) is not exported. The module needs nothing but
 * {@code java.base}.
 */
module io.navpack.format {
    exports io.navpack.format;
    exports io.navpack.format.spi;
}
