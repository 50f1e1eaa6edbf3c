package io.navpack.sizing;

import java.io.Serializable;

/** One line of a per-class histogram: instances of a class and the bytes they take. */
public record ClassLine(String className, long count, long bytes) implements Serializable {
}
