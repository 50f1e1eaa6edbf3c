package io.navpack.documents;

import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Arrays;
import java.util.Comparator;

/**
 * One state of a document schema: its record types with their slots, linked, and the navpack schemas of
 * every version in a registry of their own. Immutable once built; evolution builds a new model.
 */
final class Model {
    final String name;
    final DocumentFormat format;
    /** Prefixes the schema file writes XML names with (prefix to namespace URI). */
    final Map<String, String> namespaces;
    final List<RecType> types;
    final Map<String, RecType> byName = new HashMap<>();
    final Map<Integer, RecType> byId = new HashMap<>();
    final List<RecType> roots = new ArrayList<>();
    /** Root types by element namespace, then local name (XML). */
    final Map<String, Map<String, RecType>> rootElements = new HashMap<>();
    final SchemaRegistry registry = new SchemaRegistry();
    /**
     * XML root types by the key their JSON form wraps them in: the root element's name, or the type name when two
     * roots share it.
     */
    final Map<String, RecType> rootJsonKeys = new LinkedHashMap<>();
    /** XML elements without child elements are kept in their parents' records (see {@link ModelBuilder}). */
    final boolean inline;

    Model(String name, DocumentFormat format, Map<String, String> namespaces, List<RecType> types, boolean inline) {
        this.name = name;
        this.format = format;
        this.inline = inline;
        this.namespaces = Collections.unmodifiableMap(new LinkedHashMap<>(namespaces));
        this.types = List.copyOf(types);
        for (RecType t : this.types) {
            if (byName.put(t.name, t) != null) {
                throw new DocumentSchemaException("two types are named " + t.name);
            }
            RecType other = byId.put(t.id, t);
            if (other != null) {
                throw new DocumentSchemaException("types " + other.name + " and " + t.name + " have the same id " + t.id);
            }
        }
        for (RecType t : this.types) {
            t.link(byName);
            t.buildSchemas();
            if (t.root) {
                roots.add(t);
                if (t.local != null) {
                    rootElements.computeIfAbsent(t.ns, k -> new HashMap<>()).put(t.local, t);
                }
            }
        }
        Map<String, Integer> locals = new HashMap<>();
        for (RecType t : roots) {
            if (t.local != null) {
                locals.merge(t.local, 1, Integer::sum);
            }
        }
        for (RecType t : roots) {
            if (t.local != null) {
                rootJsonKeys.put(locals.get(t.local) == 1 ? t.local : t.name, t);
            }
        }
        // the registry learns a schema when a value first names it (learning all of them up front costs a
        // copy of its catalog per schema)
        registry.setSource((typeId, version) -> {
            RecType t = byId.get(typeId);
            return t == null || version < 1 || version > t.version ? null : t.schemas[version - 1];
        });
    }

    /** The key an XML root type's JSON form wraps it in. */
    String rootJsonKey(RecType t) {
        for (Map.Entry<String, RecType> e : rootJsonKeys.entrySet()) {
            if (e.getValue() == t) {
                return e.getKey();
            }
        }
        throw new IllegalStateException(t.name + " is not a root type");
    }

    RecType type(String typeName) {
        return byName.get(typeName);
    }

    RecType rootElement(String ns, String local) {
        Map<String, RecType> m = rootElements.get(ns);
        return m == null ? null : m.get(local);
    }

    /** The type of a value's header, or a {@link DocumentException} naming the id. */
    RecType typeOf(Schema schema) {
        RecType t = byId.get(schema.typeId());
        if (t == null || !t.name.equals(schema.typeName())) {
            throw new IllegalStateException("type id " + schema.typeId() + " is not a type of document schema " + name);
        }
        return t;
    }

    /** Every navpack schema, all versions, in the order of type id and version. */
    List<Schema> schemas() {
        List<Schema> out = new ArrayList<>();
        for (RecType t : types) {
            out.addAll(Arrays.asList(t.schemas));
        }
        out.sort(Comparator.comparingInt(Schema::typeId).thenComparingInt(Schema::version));
        return Collections.unmodifiableList(out);
    }

    /** The types copied with fresh slots, ready to be changed and built into a new model. */
    List<RecType> copyTypes() {
        List<RecType> out = new ArrayList<>();
        for (RecType t : types) {
            out.add(copy(t));
        }
        return out;
    }

    static RecType copy(RecType t) {
        List<Slot> slots = new ArrayList<>();
        for (Slot s : t.slots) {
            slots.add(s.copy());
        }
        List<Slot> order = new ArrayList<>();
        for (Slot s : t.childOrder) {
            order.add(slots.get(s.index));
        }
        RecType c = t.with(t.version, t.root, slots, order);
        c.schemas = t.schemas; // the same fields: the same schemas
        return c;
    }
}
