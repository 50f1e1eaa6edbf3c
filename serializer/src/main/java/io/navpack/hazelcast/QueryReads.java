package io.navpack.hazelcast;

import io.navpack.format.PackedRecord;

import java.util.ServiceLoader;

/**
 * How the attribute reads of a query obtain a field of a value: one field at a time, or from one full
 * decode of the value once that pays off. {@code navpack-extractors} provides the adaptive strategy
 * (break-even measured per schema) through {@link ServiceLoader}; without it every read is a single
 * field read.
 */
public interface QueryReads {

    /** Field {@code field} of {@code record} in its plain form (see {@link PackedRecord#get(int)}). */
    Object read(PackedRecord record, int field);

    /** The strategy installed in this JVM: the first one the service loader finds, else single reads. */
    static QueryReads installed() {
        return Installed.READS;
    }

    /** Holds the installed strategy, looked up once. */
    final class Installed {
        static final QueryReads READS = load();

        private Installed() {
        }

        private static QueryReads load() {
            for (QueryReads r : ServiceLoader.load(QueryReads.class, QueryReads.class.getClassLoader())) {
                return r;
            }
            return PackedRecord::get;
        }
    }
}
