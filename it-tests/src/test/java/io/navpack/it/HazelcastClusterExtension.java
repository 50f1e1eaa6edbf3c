package io.navpack.it;

import java.util.function.Consumer;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * JUnit 5 extension that gives a test class one {@link HazelcastCluster}, started before the first test and
 * removed after the last (also when tests fail or the start fails).
 *
 * <pre>
 * class TradeQueriesIT {
 *     &#64;RegisterExtension
 *     static final HazelcastClusterExtension CLUSTER = HazelcastClusterExtension.withMembers(3)
 *             .configure(b -&gt; b.memberConfig("member/hazelcast.yaml"));
 *
 *     &#64;Test
 *     void query(HazelcastCluster cluster) {
 *         HazelcastInstance client = cluster.newClient(config -&gt; ...);
 *         ...
 *     }
 * }
 * </pre>
 *
 * Without Docker the class is skipped with the reason, or fails when {@code -Dnavpack.it.requireDocker=true}.
 * Test classes share one member image per test run; it is removed when the run ends. When a test fails, the
 * tail of every member's log is printed; full logs are written to {@code target/it-logs/<test class>/}.
 */
public final class HazelcastClusterExtension implements ExecutionCondition, BeforeAllCallback, ParameterResolver, TestWatcher {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(HazelcastClusterExtension.class);

    private final HazelcastCluster.Builder builder;
    private volatile HazelcastCluster cluster;

    private HazelcastClusterExtension(int members) {
        this.builder = HazelcastCluster.builder().members(members);
    }

    public static HazelcastClusterExtension withMembers(int members) {
        return new HazelcastClusterExtension(members);
    }

    /** Changes how the cluster is made (config resource, member properties, heap, timeouts). */
    public HazelcastClusterExtension configure(Consumer<HazelcastCluster.Builder> change) {
        change.accept(builder);
        return this;
    }

    /** The running cluster of the current test class. */
    public HazelcastCluster cluster() {
        HazelcastCluster c = cluster;
        if (c == null) {
            throw new IllegalStateException("the cluster starts in beforeAll; register the extension on a static field");
        }
        return c;
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return DockerSupport.skipReason().map(ConditionEvaluationResult::disabled)
                .orElseGet(() -> ConditionEvaluationResult.enabled("Docker is available"));
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        MemberImage image = sharedImage(context);
        String name = context.getRequiredTestClass().getSimpleName();
        HazelcastCluster created = builder.name(name).image(image).build();
        context.getStore(NAMESPACE).put(HazelcastCluster.class, created);
        created.start();
        cluster = created;
    }

    private static MemberImage sharedImage(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(MemberImage.class, k -> MemberImage.create(MemberDistribution.assembled()), MemberImage.class);
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        HazelcastCluster c = cluster;
        if (c != null) {
            System.err.println("[navpack-it] " + context.getDisplayName() + " failed: " + cause);
            try {
                System.err.println("[navpack-it] " + c.view());
            } catch (RuntimeException e) {
                System.err.println("[navpack-it] no cluster view: " + e);
            }
            c.printLogTails(60);
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == HazelcastCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return cluster();
    }
}
