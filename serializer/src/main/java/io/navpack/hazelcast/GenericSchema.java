package io.navpack.hazelcast;

import com.hazelcast.nio.serialization.FieldKind;
import io.navpack.format.FieldType;
import io.navpack.format.Kind;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import io.navpack.format.Field;
import java.util.function.BiConsumer;

/**
 * What Hazelcast's generic-record API needs to know about one navpack schema, computed once and
 * attached to the schema: the {@link FieldKind} under which each field is read, the set of field
 * names, and which names that the schema lacks are fields of other versions or types (so that a query
 * on them reads null rather than failing).
 *
 * <p>Kinds: each navpack kind maps to the Compact kind of the same Java type ({@code long} →
 * {@code INT64}, {@code Long} → {@code NULLABLE_INT64}, {@code LocalDateTime} → {@code TIMESTAMP},
 * {@code OffsetDateTime} → {@code TIMESTAMP_WITH_TIMEZONE}, ...); enums are {@code STRING}s holding
 * the constant's name (the rule of the {@code nav[...]} attribute too); lists, sets and arrays are the
 * {@code ARRAY_OF_...} kind of their element; {@code byte[]} is {@code ARRAY_OF_INT8}. Kinds Compact
 * has no name for ({@code UUID}, {@code BigInteger}, {@code Instant}, maps, a nullable {@code char},
 * nested records) are reported as {@code COMPACT}, which Hazelcast's query reader reads with
 * {@code getObject}: the value then compares as the Java type itself.
 */
final class GenericSchema {
    final Schema schema;
    private final FieldKind[] kinds;
    private final Set<String> names;
    /** Names this schema lacks, and whether some schema of the registry has them. */
    private final ConcurrentHashMap<String, Boolean> elsewhere = new ConcurrentHashMap<>();
    /** Paths ({@code a.b}, {@code a[any].b}) already checked against the registry. */
    private final Set<String> checkedPaths = ConcurrentHashMap.newKeySet();
    /** The same paths compiled, for values of this schema. */
    private final ConcurrentHashMap<String, QueryPath> paths = new ConcurrentHashMap<>();

    private GenericSchema(Schema schema) {
        this.schema = schema;
        this.kinds = new FieldKind[schema.fieldCount()];
        for (Field f : schema.fields()) {
            kinds[f.index()] = kindOf(f.type(), f.nullable());
        }
        this.names = Collections.unmodifiableSet(new LinkedHashSet<>(schema.fieldNames()));
    }

    static GenericSchema of(Schema schema) {
        return schema.attachment(GenericSchema.class, GenericSchema::new);
    }

    FieldKind kind(int field) {
        return kinds[field];
    }

    Set<String> names() {
        return names;
    }

    /** Whether a field named {@code name} exists in some schema of {@code registry}, this type's other versions first. */
    boolean knownElsewhere(String name, SchemaRegistry registry) {
        Boolean known = elsewhere.get(name);
        if (known == null) {
            known = false;
            for (Schema s : registry.schemas()) {
                if (s.indexOf(name) >= 0) {
                    known = true;
                    break;
                }
            }
            if (known || elsewhere.size() < 1_000) {
                elsewhere.put(name, known);
            }
        }
        return known;
    }

    /**
     * Checks a path as Hazelcast's query reader will walk it: every step must name a field of the record it steps
     * into — of some version of that record's type, or of some other type the registry knows — (else
     * {@code unknown} hears of it, with the schema of the record it was looked up in: the nested record's for a
     * nested step) and every selector must be {@code [n]} or {@code [any]}. A selector that is neither most likely
     * means a custom attribute (such as {@code nav[...]}) the map is not configured with.
     */
    void checkPath(String path, SchemaRegistry registry, BiConsumer<Schema, String> unknown) {
        if (checkedPaths.contains(path)) {
            return;
        }
        Schema current = schema;
        for (String step : path.split("\\.", -1)) {
            int open = step.indexOf('[');
            String name = open < 0 ? step : step.substring(0, open);
            if (open >= 0) {
                String selector = step.endsWith("]") ? step.substring(open + 1, step.length() - 1).trim() : "";
                if (!selector.equals("any") && !selector.matches("\\d+")) {
                    throw new IllegalArgumentException("attribute '" + path + "': [" + selector + "] after '" + name
                            + "' is neither an element index nor [any]; if '" + name + "' is meant to be navpack's "
                            + "query attribute, give the map that attribute (NavpackConfig.queryable, or an attribute with "
                            + "extractor io.navpack.extract.NavpackExtractor), or use the plain field name '" + selector + "'"
                            + "; SQL never uses a map's attributes: map the column to the field (EXTERNAL NAME \"this."
                            + selector + "\"), or map the map with CREATE MAPPING ... TYPE NavpackMap");
                }
            }
            int i = current == null ? -1 : current.indexOf(name);
            if (i >= 0) {
                current = nestedSchema(current.field(i).type(), registry);
            } else if (knownElsewhere(name, registry)) {
                current = null; // a field of another version or type: what it holds is not known here
            } else {
                unknown.accept(current != null ? current : schema, name);
                current = null;
            }
        }
        if (checkedPaths.size() < 1_000) {
            checkedPaths.add(path);
        }
    }

    /** {@code path} checked ({@link #checkPath}) once for values of this schema, and compiled. */
    QueryPath path(String path, SchemaRegistry registry, BiConsumer<Schema, String> unknown) {
        QueryPath q = paths.get(path);
        if (q == null) {
            checkPath(path, registry, unknown);
            q = QueryPath.of(path);
            if (paths.size() < 1_000) {
                paths.put(path, q);
            }
        }
        return q;
    }

    /** The newest schema the registry holds of the record type {@code t} holds (directly or as elements); or null. */
    private static Schema nestedSchema(FieldType t, SchemaRegistry registry) {
        FieldType r = t;
        while (r.kind().isCollection() && r.element() != null) {
            r = r.element();
        }
        if (r.kind() != Kind.RECORD) {
            return null;
        }
        Schema newest = null;
        for (Schema s : registry.schemas()) {
            if (s.typeName().equals(r.name()) && (newest == null || s.version() > newest.version())) {
                newest = s;
            }
        }
        return newest;
    }

    static FieldKind kindOf(FieldType t, boolean nullable) {
        switch (t.kind()) {
            case BOOLEAN: return nullable ? FieldKind.NULLABLE_BOOLEAN : FieldKind.BOOLEAN;
            case BYTE: return nullable ? FieldKind.NULLABLE_INT8 : FieldKind.INT8;
            case SHORT: return nullable ? FieldKind.NULLABLE_INT16 : FieldKind.INT16;
            case CHAR: return nullable ? FieldKind.COMPACT : FieldKind.CHAR;
            case INT: return nullable ? FieldKind.NULLABLE_INT32 : FieldKind.INT32;
            case LONG: return nullable ? FieldKind.NULLABLE_INT64 : FieldKind.INT64;
            case FLOAT: return nullable ? FieldKind.NULLABLE_FLOAT32 : FieldKind.FLOAT32;
            case DOUBLE: return nullable ? FieldKind.NULLABLE_FLOAT64 : FieldKind.FLOAT64;
            case STRING:
            case ENUM: return FieldKind.STRING;
            case DECIMAL: return FieldKind.DECIMAL;
            case DATE: return FieldKind.DATE;
            case TIME: return FieldKind.TIME;
            case DATE_TIME: return FieldKind.TIMESTAMP;
            case OFFSET_DATE_TIME: return FieldKind.TIMESTAMP_WITH_TIMEZONE;
            case BYTES: return FieldKind.ARRAY_OF_INT8;
            case LIST:
            case SET:
            case ARRAY: return arrayKindOf(t.element(), t.elementNullable());
            default: return FieldKind.COMPACT;
        }
    }

    private static FieldKind arrayKindOf(FieldType e, boolean nullable) {
        switch (e.kind()) {
            case BOOLEAN: return nullable ? FieldKind.ARRAY_OF_NULLABLE_BOOLEAN : FieldKind.ARRAY_OF_BOOLEAN;
            case BYTE: return nullable ? FieldKind.ARRAY_OF_NULLABLE_INT8 : FieldKind.ARRAY_OF_INT8;
            case SHORT: return nullable ? FieldKind.ARRAY_OF_NULLABLE_INT16 : FieldKind.ARRAY_OF_INT16;
            case CHAR: return nullable ? FieldKind.ARRAY_OF_COMPACT : FieldKind.ARRAY_OF_CHAR;
            case INT: return nullable ? FieldKind.ARRAY_OF_NULLABLE_INT32 : FieldKind.ARRAY_OF_INT32;
            case LONG: return nullable ? FieldKind.ARRAY_OF_NULLABLE_INT64 : FieldKind.ARRAY_OF_INT64;
            case FLOAT: return nullable ? FieldKind.ARRAY_OF_NULLABLE_FLOAT32 : FieldKind.ARRAY_OF_FLOAT32;
            case DOUBLE: return nullable ? FieldKind.ARRAY_OF_NULLABLE_FLOAT64 : FieldKind.ARRAY_OF_FLOAT64;
            case STRING:
            case ENUM: return FieldKind.ARRAY_OF_STRING;
            case DECIMAL: return FieldKind.ARRAY_OF_DECIMAL;
            case DATE: return FieldKind.ARRAY_OF_DATE;
            case TIME: return FieldKind.ARRAY_OF_TIME;
            case DATE_TIME: return FieldKind.ARRAY_OF_TIMESTAMP;
            case OFFSET_DATE_TIME: return FieldKind.ARRAY_OF_TIMESTAMP_WITH_TIMEZONE;
            default: return FieldKind.ARRAY_OF_COMPACT;
        }
    }
}
