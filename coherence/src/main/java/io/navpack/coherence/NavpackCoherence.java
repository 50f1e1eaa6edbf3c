package io.navpack.coherence;

import io.navpack.coherence.schemas.CoherenceSchemaService;
import io.navpack.extract.ExtractSettings;
import io.navpack.format.NavpackType;
import io.navpack.format.RecordBinding;
import io.navpack.format.SchemaRegistry;

import java.util.Objects;

/**
 * navpack in one Coherence JVM (a storage member, or an application that is a cluster member): its settings, the
 * registry of the schemas it knows, and the schema service that agrees them with the cluster. There is one per JVM,
 * as there is one Coherence cluster per JVM; every navpack serializer, extractor and task of the JVM uses it.
 *
 * <p>Settings come from {@link #configure} when it is called before anything of navpack is used, otherwise from
 * the first serializer Coherence creates from configuration (its init-param), otherwise from system properties.
 * The schema service joins the cluster's navpack services ({@link CoherenceSchemaService}) in the background as
 * soon as a serializer is created, so that a storage member learns every schema before it is asked to read one.
 */
public final class NavpackCoherence implements ExtractSettings.Source {
    private static final Object LOCK = new Object();
    private static volatile NavpackCoherence instance;

    private final CoherenceSettings settings;
    private final SchemaRegistry registry;
    private final CoherenceSchemaService schemas;

    private NavpackCoherence(CoherenceSettings settings, boolean cluster) {
        this.settings = settings;
        this.registry = new SchemaRegistry(this);
        this.schemas = cluster ? new CoherenceSchemaService(registry, settings.timeout()) : null;
    }

    /**
     * navpack outside any cluster (tools, tests, benchmarks of the serializer alone): its own registry, which agrees
     * its schemas with nobody. Not this JVM's navpack ({@link #get()}).
     */
    public static NavpackCoherence standalone(CoherenceSettings settings) {
        return new NavpackCoherence(settings, false);
    }

    /** navpack of this JVM, with the settings it was configured with (system properties when none were). */
    public static NavpackCoherence get() {
        NavpackCoherence c = instance;
        return c != null ? c : ensure(null);
    }

    /**
     * Configures navpack in this JVM before its first use (a serializer, an extractor, a task): in code, the way
     * {@code <init-param>} does in configuration. Fails when navpack was used here with other settings already.
     */
    public static NavpackCoherence configure(CoherenceSettings settings) {
        return ensure(Objects.requireNonNull(settings));
    }

    /** navpack of this JVM; created with {@code settings} (null: system properties) when it does not exist yet. */
    static NavpackCoherence ensure(CoherenceSettings settings) {
        synchronized (LOCK) {
            NavpackCoherence c = instance;
            if (c == null) {
                c = new NavpackCoherence(settings != null ? settings : CoherenceSettings.fromSystemProperties(), true);
                instance = c;
            } else if (settings != null && !settings.properties().equals(c.settings.properties())) {
                throw new IllegalStateException("navpack is already in use in this JVM with " + c.settings + ", not "
                        + settings + ": configure navpack once per JVM (every navpack serializer of a JVM shares its"
                        + " schemas), before the cluster starts");
            }
            return c;
        }
    }

    public CoherenceSettings settings() {
        return settings;
    }

    /** The schemas this JVM knows; the cluster's agreed ones. */
    public SchemaRegistry registry() {
        return registry;
    }

    /** The schema service; {@link IllegalStateException} for navpack outside a cluster ({@link #standalone}). */
    public CoherenceSchemaService schemas() {
        if (schemas == null) {
            throw new IllegalStateException("this navpack is outside any cluster (NavpackCoherence.standalone)");
        }
        return schemas;
    }

    @Override
    public ExtractSettings extractSettings() {
        return settings.extract();
    }

    /** Joins the cluster's navpack services in the background (a serializer was created: Coherence is starting). */
    void startInBackground() {
        if (schemas != null) {
            schemas.startInBackground();
        }
    }

    /**
     * The binding a value of {@code type} is written with: registered here already, or registered now (the cluster
     * agrees its schema first) when it is configured or annotated {@code @NavpackType}; null for a type navpack does
     * not store (Coherence's own serialization takes it).
     */
    RecordBinding<?> bindingForWrite(Class<?> type) {
        RecordBinding<?> b = registry.findBinding(type);
        if (b != null) {
            registry.ensurePublished();
            return b;
        }
        return stores(type) ? registry.register(type) : null;
    }

    /** Whether {@code type} is one navpack stores (configured, or annotated {@code @NavpackType}). */
    boolean stores(Class<?> type) {
        if (registry.findBinding(type) != null || type.isAnnotationPresent(NavpackType.class)) {
            return true;
        }
        return settings.classes().contains(type.getName());
    }
}
