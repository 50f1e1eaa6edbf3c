/**
 * Index sizing on Coherence: an {@code Invocable} that walks every index of every cache on each storage member with
 * the navpack agent, partition by partition, and a what-if for an index not yet created
 * ({@link io.navpack.coherence.sizing.CoherenceIndexSizer}).
 */
package io.navpack.coherence.sizing;
