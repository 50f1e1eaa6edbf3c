package io.navpack.bench.codec;

import java.util.List;

/** The formats compared, by benchmark parameter name. */
public final class Codecs {
    /** Every format, navpack first. */
    public static final List<String> ALL = List.of("navpack", "java", "ids", "compact-zero", "compact", "kryo", "fory", "pof");

    private Codecs() {
    }

    public static Codec create(String name) {
        switch (name) {
            case "navpack": return new NavpackCodec();
            case "java": return new JavaSerializationCodec();
            case "ids": return HazelcastCodec.ids();
            case "compact-zero": return HazelcastCodec.compactReflective();
            case "compact": return HazelcastCodec.compact();
            case "kryo": return new KryoCodec();
            case "fory": return new ForyCodec();
            case "pof": return new PofCodec();
            case "coherence-navpack": return CoherenceCodec.navpack();
            case "coherence-java": return CoherenceCodec.java();
            default: throw new IllegalArgumentException("unknown format " + name + "; known: " + ALL);
        }
    }

    /** A human name for tables and charts. */
    public static String label(String name) {
        switch (name) {
            case "navpack": return "navpack";
            case "java": return "Java serialization";
            case "ids": return "Hazelcast IDS (hand-written)";
            case "compact-zero": return "Hazelcast Compact (zero-config)";
            case "compact": return "Hazelcast Compact (explicit)";
            case "kryo": return "Kryo 5";
            case "fory": return "Apache Fory";
            case "pof": return "Coherence POF";
            case "coherence-navpack": return "navpack's Coherence serializer";
            case "coherence-java": return "Coherence java serializer";
            default: return name;
        }
    }
}
