package io.navpack.documents;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;

/**
 * JSON documents compared as trees: objects by their keys (in any order), arrays element by element, numbers
 * equal in value and in kind (integer or decimal), strings, booleans and nulls equal. Reports the first
 * difference with its path.
 */
final class JsonTrees {
    static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);

    private JsonTrees() {
    }

    static JsonNode tree(byte[] json) {
        try {
            return MAPPER.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(new String(json, java.nio.charset.StandardCharsets.UTF_8), e);
        }
    }

    /** Null when equal, else where and how they differ. */
    static String difference(JsonNode a, JsonNode b) {
        return difference(a, b, "$");
    }

    private static String difference(JsonNode a, JsonNode b, String path) {
        if (a.isNumber() || b.isNumber()) {
            if (!a.isNumber() || !b.isNumber()) {
                return path + ": " + a + " vs " + b;
            }
            if (a.isIntegralNumber() != b.isIntegralNumber()) {
                return path + ": " + a + " (" + (a.isIntegralNumber() ? "integer" : "decimal") + ") vs " + b;
            }
            return a.decimalValue().compareTo(b.decimalValue()) == 0 ? null : path + ": " + a + " vs " + b;
        }
        if (a.getNodeType() != b.getNodeType()) {
            return path + ": " + a.getNodeType() + " " + a + " vs " + b.getNodeType() + " " + b;
        }
        if (a.isObject()) {
            if (a.size() != b.size()) {
                return path + ": keys " + names(a) + " vs " + names(b);
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = a.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode other = b.get(e.getKey());
                if (other == null) {
                    return path + ": key " + e.getKey() + " missing; keys " + names(b);
                }
                String d = difference(e.getValue(), other, path + "." + e.getKey());
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (a.isArray()) {
            if (a.size() != b.size()) {
                return path + ": " + a.size() + " elements vs " + b.size();
            }
            for (int i = 0; i < a.size(); i++) {
                String d = difference(a.get(i), b.get(i), path + "[" + i + "]");
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        return a.equals(b) ? null : path + ": " + a + " vs " + b;
    }

    private static String names(JsonNode o) {
        StringBuilder s = new StringBuilder();
        o.fieldNames().forEachRemaining(n -> s.append(n).append(' '));
        return s.toString().trim();
    }
}
