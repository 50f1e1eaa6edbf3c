/**
 * Where navpack's Hazelcast side reaches Hazelcast's internal classes: one adapter per concern, each marked with
 * the Hazelcast versions it is proven on ({@link io.navpack.hazelcast.internal.ProvenOn}):
 *
 * <ul>
 * <li>{@link io.navpack.hazelcast.internal.HazelcastInstances} — a member or client instance behind its proxy: its
 *     configuration, class loader and serialization service;</li>
 * <li>{@link io.navpack.hazelcast.internal.SerializationInternals} — the serialization service's switch for
 *     overriding default serializers, reading a stored value in place from Hazelcast's input, the header of a
 *     {@code Data} and the "no value" marker of queries;</li>
 * <li>{@link io.navpack.hazelcast.internal.OperationThreads} — the operation running on a member's thread (which
 *     map and key a read belongs to, whether the thread is a partition thread) and the record stores searched for
 *     the entry of a value;</li>
 * <li>{@link io.navpack.hazelcast.internal.MapContainers} — the map containers a member creates, so that a map's
 *     interceptor is in place before the first operation on the map;</li>
 * <li>{@link io.navpack.hazelcast.internal.ConnectionDiagnostics} — what a client saw while it tried to connect:
 *     members that refused its cluster name, addresses where nothing answered;</li>
 * <li>{@link io.navpack.hazelcast.internal.QueryableGenericRecord} — the base of navpack's values as Hazelcast's
 *     query engine reads them: one of its generic records, so that plain field names reach them.</li>
 * </ul>
 *
 * <p>Nothing outside this package (in this module) imports Hazelcast's {@code impl} or {@code internal} packages;
 * an architecture test keeps it so.
 */
package io.navpack.hazelcast.internal;
