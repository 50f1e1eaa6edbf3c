package io.navpack.agent;

/** Thrown when sizing is asked for in a JVM that was not started with the navpack agent. */
public final class AgentNotLoadedException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    public AgentNotLoadedException() {
        super("navpack agent is not loaded in this JVM: start it with -javaagent:/path/to/navpack-agent.jar"
                + " (or load it late with jcmd <pid> JVMTI.agent_load /path/to/navpack-agent.jar)");
    }
}
