package io.navpack.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;
import java.util.Arrays;
import java.util.logging.ConsoleHandler;

/**
 * The {@code navpack} command line. Exit codes: 0 success, 1 failure, 2 bad usage, 3 the cluster could
 * not be reached, 4 a result is incomplete (e.g. a member did not answer a sizing call).
 */
@Command(name = "navpack", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Compact, navigable values for Hazelcast: demo, member, index sizing, value inspection, documents.",
        subcommands = {DemoCommand.class, MemberCommand.class, SizeCommand.class, InspectCommand.class, SchemasCommand.class,
                CalibrateCommand.class, SqlCommand.class, InferCommand.class, ConvertCommand.class, LoadCommand.class, ExportCommand.class,
                StreamCommand.class,
                CommandLine.HelpCommand.class})
public final class Main {
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;
    public static final int UNREACHABLE = 3;
    public static final int INCOMPLETE = 4;

    @Option(names = "--verbose", scope = CommandLine.ScopeType.INHERIT,
            description = "Show stack traces and Hazelcast's log.")
    boolean verbose;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs a command line and returns its exit code. */
    public static int run(String... args) {
        System.setProperty("hazelcast.phone.home.enabled", "false");
        System.setProperty("hazelcast.logging.type", "jdk");
        boolean verbose = Arrays.asList(args).contains("--verbose");
        quietLogs(verbose);
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            int code = e instanceof CliException ? ((CliException) e).exitCode : FAILED;
            if (verbose) {
                e.printStackTrace(commandLine.getErr());
            } else {
                commandLine.getErr().println("navpack: " + oneLine(e));
            }
            return code;
        });
        cl.setParameterExceptionHandler((e, a) -> {
            CommandLine c = e.getCommandLine();
            c.getErr().println("navpack: " + e.getMessage());
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help'.");
            return USAGE;
        });
        return cl.execute(args);
    }

    private static String oneLine(Throwable e) {
        Throwable t = e;
        String msg = t.getMessage();
        while ((msg == null || msg.isBlank()) && t.getCause() != null) {
            t = t.getCause();
            msg = t.getMessage();
        }
        if (msg == null) {
            msg = t.getClass().getSimpleName();
        }
        return msg.replaceAll("\\s*\\R\\s*", " ");
    }

    static void quietLogs(boolean verbose) {
        LogManager.getLogManager().reset();
        Logger root = Logger.getLogger("");
        ConsoleHandler h = new ConsoleHandler();
        h.setLevel(verbose ? Level.INFO : Level.SEVERE);
        root.addHandler(h);
        root.setLevel(verbose ? Level.INFO : Level.SEVERE);
    }

    /** A member's log, as a member prints it: Hazelcast's and navpack's INFO lines on standard error. */
    static void logMember() {
        quietLogs(true);
    }

    /** Prints the version from the jar's manifest. */
    public static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"navpack " + (v == null ? "(development build)" : v)};
        }
    }
}
