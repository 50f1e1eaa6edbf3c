package io.navpack.sizing;

import java.io.Serializable;
import java.util.concurrent.Callable;

/** Occupies an executor thread on a member until interrupted or the time is up. */
public final class SleepingTask implements Callable<String>, Serializable {

    private static final long serialVersionUID = 1L;

    private final long millis;

    public SleepingTask(long millis) {
        this.millis = millis;
    }

    @Override
    public String call() throws InterruptedException {
        Thread.sleep(millis);
        return "slept";
    }
}
