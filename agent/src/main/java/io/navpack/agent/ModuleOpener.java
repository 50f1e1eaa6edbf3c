package io.navpack.agent;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Opens packages of named modules to the agent's module with {@link Instrumentation#redefineModule}. */
final class ModuleOpener {

    private static final Set<String> OPENED = Collections.synchronizedSet(new TreeSet<>());
    private static final List<String> FAILURES = Collections.synchronizedList(new ArrayList<>());

    private ModuleOpener() {
    }

    static void openJavaBase(Instrumentation inst, Collection<String> packages) {
        Module base = Object.class.getModule();
        for (String pkg : packages) {
            open(inst, base, pkg);
        }
    }

    /**
     * Opens each {@code module/package} of {@code packages} whose module is in the boot layer; a module this
     * runtime lacks (a trimmed image) is skipped.
     */
    static void openAll(Instrumentation inst, Collection<String> packages) {
        for (String p : packages) {
            int slash = p.indexOf('/');
            ModuleLayer.boot().findModule(p.substring(0, slash)).ifPresent(m -> open(inst, m, p.substring(slash + 1)));
        }
    }

    /**
     * Opens the package of {@code type} to the agent if it lives in a named module that does not open it.
     *
     * @return true if the package is open to the agent afterwards
     */
    static boolean openPackageOf(Class<?> type) {
        Module target = NavpackAgent.class.getModule();
        Module module = type.getModule();
        String pkg = type.getPackageName();
        if (!module.isNamed() || module.isOpen(pkg, target)) {
            return true;
        }
        Instrumentation inst = NavpackAgent.instrumentation();
        if (inst == null) {
            return false;
        }
        return open(inst, module, pkg);
    }

    private static boolean open(Instrumentation inst, Module module, String pkg) {
        Module target = NavpackAgent.class.getModule();
        String name = module.getName() + "/" + pkg;
        if (module.isOpen(pkg, target)) {
            OPENED.add(name);
            return true;
        }
        if (!module.getPackages().contains(pkg)) {
            FAILURES.add(name + " (no such package)");
            return false;
        }
        if (!inst.isModifiableModule(module)) {
            FAILURES.add(name + " (module not modifiable)");
            return false;
        }
        try {
            inst.redefineModule(module, Set.of(), Map.of(), Map.of(pkg, Set.of(target)), Set.of(), Map.of());
            OPENED.add(name);
            return true;
        } catch (RuntimeException e) {
            FAILURES.add(name + " (" + e + ")");
            return false;
        }
    }

    static Set<String> opened() {
        synchronized (OPENED) {
            return Collections.unmodifiableSet(new TreeSet<>(OPENED));
        }
    }

    static List<String> failures() {
        synchronized (FAILURES) {
            return List.copyOf(FAILURES);
        }
    }
}
