/**
 * navpack on Coherence CE: {@link io.navpack.coherence.NavpackCoherenceSerializer} (the Coherence {@code Serializer},
 * named {@code navpack}), {@link io.navpack.coherence.NavpackExtractor} and {@link io.navpack.coherence.NavpackUpdater}
 * (fields of the stored binary values, by plain name or path), {@link io.navpack.coherence.NavpackCoherence} (navpack
 * in one JVM: settings, schemas) and {@link io.navpack.coherence.NavpackCounters}. No Hazelcast.
 */
package io.navpack.coherence;
