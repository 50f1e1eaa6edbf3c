/**
 * What navpack's own modules (the Hazelcast serializer, the extractors, the SQL connector, the document
 * transcoders) need of the format beyond its public API, kept out of the API's package:
 *
 * <ul>
 * <li>{@link io.navpack.format.spi.PackedInts} — the one implementation of packed integers: on arrays, on
 *     {@code java.io} streams (a stored value's length prefix) and a word at a time (decoders that need the
 *     end of an integer as well as its value);</li>
 * <li>{@link io.navpack.format.spi.PlainContainers} — lists, sets and arrays among decoded values, as query
 *     paths step into them;</li>
 * <li>{@link io.navpack.format.spi.Hex} — hex of bytes, for tools and error messages.</li>
 * </ul>
 *
 * <p>Applications do not need this package; it may change between versions of navpack.
 */
package io.navpack.format.spi;
