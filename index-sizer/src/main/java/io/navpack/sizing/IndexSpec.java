package io.navpack.sizing;

import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An index named in one line, as {@code navpack size --what-if} takes it: {@code MAP TYPE ATTRIBUTE[,ATTRIBUTE...]},
 * e.g. {@code trades HASH currency1}, {@code trades SORTED nav[tradeDate]}, {@code trades SORTED currency1,amount1}
 * (composite; attributes may also be separated by spaces). TYPE is HASH, SORTED or BITMAP (any case).
 *
 * @param map the map's name
 * @param index the index, unnamed (Hazelcast names it from its type and attributes)
 */
public record IndexSpec(String map, IndexConfig index) {

    private static final String FORM = "expected 'MAP TYPE ATTRIBUTE[,ATTRIBUTE...]' with TYPE one of HASH, SORTED,"
            + " BITMAP, e.g. 'trades HASH currency1' or 'trades SORTED currency1,amount1'";

    /**
     * Parses one line.
     *
     * @throws IllegalArgumentException naming the expected form if the line does not fit it
     */
    public static IndexSpec parse(String line) {
        if (line == null || line.isBlank()) {
            throw new IllegalArgumentException("no index given: " + FORM);
        }
        String[] words = line.trim().split("\\s+");
        if (words.length < 3) {
            throw new IllegalArgumentException("'" + line.trim() + "' is too short: " + FORM);
        }
        IndexType type;
        try {
            type = IndexType.valueOf(words[1].toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown index type '" + words[1] + "': " + FORM, e);
        }
        List<String> attributes = new ArrayList<>();
        for (int i = 2; i < words.length; i++) {
            for (String a : words[i].split(",")) {
                if (!a.isBlank()) {
                    attributes.add(a.trim());
                }
            }
        }
        if (attributes.isEmpty()) {
            throw new IllegalArgumentException("no attribute in '" + line.trim() + "': " + FORM);
        }
        return new IndexSpec(words[0], new IndexConfig(type, attributes.toArray(new String[0])));
    }

    @Override
    public String toString() {
        return map + " " + index.getType() + " " + String.join(",", index.getAttributes());
    }
}
