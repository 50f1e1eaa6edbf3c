package io.navpack.extract;

import io.navpack.hazelcast.NavpackContext;
import io.navpack.hazelcast.NavpackSettings;

/**
 * The extractor's settings of a Hazelcast member or client: a registry owned by navpack's context of the instance
 * reads with the instance's properties ({@link NavpackSettings}, checked when the member starts); a registry created
 * outside Hazelcast with {@code new SchemaRegistry(NavpackSettings.from(properties))} with those properties.
 * Found by {@link ExtractSettings} through {@link java.util.ServiceLoader}.
 */
public final class HazelcastExtractSettings implements ExtractSettings.Resolver {
    @Override
    public ExtractSettings resolve(Object owner) {
        NavpackSettings s = owner instanceof NavpackContext c ? c.settings()
                : owner instanceof NavpackSettings n ? n : null;
        return s == null ? null : new ExtractSettings(s, s.extractMode(), s.calibration(), s::breakEvenPin);
    }
}
