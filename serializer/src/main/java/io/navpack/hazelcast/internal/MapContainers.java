package io.navpack.hazelcast.internal;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.internal.util.ConstructorFunction;
import com.hazelcast.map.MapInterceptor;
import com.hazelcast.map.impl.MapContainer;
import com.hazelcast.map.impl.MapService;
import com.hazelcast.map.impl.MapServiceContext;
import com.hazelcast.spi.impl.NodeEngine;

import java.lang.reflect.Field;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Gives a member's maps an interceptor the moment the member creates their container — the map's state on the member,
 * made before the first operation on the map there runs — so that no put into the map comes before it. Hazelcast has
 * no public hook for this: the function its map service creates containers with is wrapped. The one place where
 * navpack reads Hazelcast's map containers.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
public final class MapContainers {
    /**
     * Registers interceptors when a container is created on a partition thread, which Hazelcast's interceptor
     * registry refuses (it asserts that it is not called on one): a thread of its own, waited for.
     */
    private static final ExecutorService REGISTRAR = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "navpack-map-interceptors");
        t.setDaemon(true);
        return t;
    });

    private MapContainers() {
    }

    /**
     * From now on, each map container that member {@code hz} creates gets the interceptor {@code interceptors} gives
     * for its map's name (none for null), before the container is used; so do the containers that exist now. Call it
     * before the member joins its cluster (when no operation can reach it yet). Returns false, having changed nothing,
     * when this Hazelcast version's map service is not as expected.
     */
    public static boolean interceptOnCreation(HazelcastInstance hz, Function<String, MapInterceptor> interceptors) {
        NodeEngine engine = HazelcastInstances.nodeEngine(hz);
        if (engine == null) {
            return false;
        }
        MapServiceContext context;
        try {
            context = engine.<MapService>getService(MapService.SERVICE_NAME).getMapServiceContext();
            // package-private in Hazelcast
            Class<?> impl = Class.forName("com.hazelcast.map.impl.MapServiceContextImpl", false,
                    MapService.class.getClassLoader());
            if (!impl.isInstance(context)) {
                return false;
            }
            Field field = impl.getDeclaredField("mapConstructor");
            field.setAccessible(true);
            @SuppressWarnings("unchecked")
            ConstructorFunction<String, MapContainer> original =
                    (ConstructorFunction<String, MapContainer>) field.get(context);
            if (original instanceof Intercepting) {
                return true;
            }
            field.set(context, new Intercepting(original, interceptors));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return false;
        }
        for (MapContainer existing : context.getMapContainers().values()) {
            register(existing, interceptors);
        }
        return true;
    }

    private static void register(MapContainer container, Function<String, MapInterceptor> interceptors) {
        MapInterceptor interceptor = interceptors.apply(container.getName());
        if (interceptor == null) {
            return;
        }
        // the id Hazelcast gives the same interceptor added through IMap.addInterceptor: registered once either way
        String id = interceptor.getClass().getName() + interceptor.hashCode();
        if (!OperationThreads.onPartitionThread()) {
            container.getInterceptorRegistry().register(id, interceptor);
            return;
        }
        Future<?> done = REGISTRAR.submit(() -> container.getInterceptorRegistry().register(id, interceptor));
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    done.get();
                    return;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    throw new IllegalStateException("navpack could not give map '" + container.getName()
                            + "' its interceptor", e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Hazelcast's function that creates a map's container, followed by the registration of its interceptor. */
    private record Intercepting(ConstructorFunction<String, MapContainer> original,
                                Function<String, MapInterceptor> interceptors)
            implements ConstructorFunction<String, MapContainer> {
        @Override
        public MapContainer createNew(String name) {
            MapContainer container = original.createNew(name);
            register(container, interceptors);
            return container;
        }
    }
}
