package io.navpack.format;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An immutable set of schemas and the rules for adding one to it — the rules that a
 * {@link SchemaRegistry} applies in one JVM and that a cluster applies to its shared catalog:
 *
 * <ul>
 * <li>a type id belongs to one type name, and a type name has one type id;</li>
 * <li>under one type id and version there is one schema; adding an equal schema again changes nothing;</li>
 * <li>a field keeps its type in every version of its type (a {@code long} never becomes a
 *     {@code string}); fields may come and go, and may change nullability or enum constants;</li>
 * <li>a schema whose version is to be chosen gets the version that already has exactly its fields, or
 *     else one above the highest version of its type (1 for a new type).</li>
 * </ul>
 *
 * <p>Its binary form ({@link #toBytes()}) is {@code 0x01 packed(count) (packed(length) schema)*}, the
 * schemas in the order of type id and version.
 */
public final class SchemaCatalog {
    public static final SchemaCatalog EMPTY = new SchemaCatalog(List.of());
    private static final int BINARY_FORM_VERSION = 1;
    private static final Comparator<Schema> ORDER = Comparator.comparingInt(Schema::typeId).thenComparingInt(Schema::version);

    private final List<Schema> schemas;
    private final Map<Long, Schema> byKey = new HashMap<>();
    private final Map<Integer, List<Schema>> byId = new HashMap<>();
    private final Map<String, Integer> idByName = new HashMap<>();

    private SchemaCatalog(List<Schema> sorted) {
        this.schemas = Collections.unmodifiableList(sorted);
        for (Schema s : sorted) {
            if (byKey.put(s.key(), s) != null) {
                throw new SchemaException("two schemas for type id " + s.typeId() + " version " + s.version());
            }
            byId.computeIfAbsent(s.typeId(), k -> new ArrayList<>()).add(s);
            idByName.putIfAbsent(s.typeName(), s.typeId());
        }
    }

    /** A catalog of {@code schemas} as they are (they are not checked against each other); one per id and version. */
    public static SchemaCatalog of(Collection<Schema> schemas) {
        List<Schema> sorted = new ArrayList<>(schemas);
        sorted.sort(ORDER);
        return new SchemaCatalog(sorted);
    }

    /** Every schema, in the order of type id and version. */
    public List<Schema> schemas() {
        return schemas;
    }

    public int size() {
        return schemas.size();
    }

    /** The schema under a type id and version, or null. */
    public Schema get(int typeId, int version) {
        return byKey.get(Schema.key(typeId, version));
    }

    /** Every version of a type id, oldest first; empty when the id is unknown. */
    public List<Schema> versions(int typeId) {
        List<Schema> v = byId.get(typeId);
        return v == null ? List.of() : Collections.unmodifiableList(v);
    }

    /** The type name that a type id belongs to, or null. */
    public String typeName(int typeId) {
        List<Schema> v = byId.get(typeId);
        return v == null ? null : v.get(0).typeName();
    }

    /** The highest version of a type id, or 0 when the id is unknown. */
    int highestVersion(int typeId) {
        List<Schema> v = byId.get(typeId);
        return v == null ? 0 : v.get(v.size() - 1).version();
    }

    /** This catalog with {@code schema} added, or in place of the schema under the same id and version. */
    public SchemaCatalog with(Schema schema) {
        List<Schema> out = new ArrayList<>(schemas.size() + 1);
        for (Schema s : schemas) {
            if (s.key() != schema.key()) {
                out.add(s);
            }
        }
        out.add(schema);
        out.sort(ORDER);
        return new SchemaCatalog(out);
    }

    /**
     * What this catalog holds for {@code proposal} once the rules are applied: an equal schema it holds,
     * or the schema to add (with its version chosen when {@code chooseVersion}), which the caller adds
     * with {@link #with}. A proposal that breaks a rule is refused with a {@link SchemaConflictException}
     * naming the schema it conflicts with, the fields that differ and the fix; {@code holder} names this
     * catalog in messages ("the cluster", "this registry").
     */
    public Schema admit(Schema proposal, boolean chooseVersion, String holder) {
        String owner = typeName(proposal.typeId());
        if (owner != null && !owner.equals(proposal.typeName())) {
            throw new SchemaConflictException("type id " + proposal.typeId() + " already belongs to " + owner + " in "
                    + holder + ", so " + proposal.typeName() + " cannot use it: give one of the two types another id"
                    + " (@NavpackType(id = ...) or Schema.builder(...).typeId(...); without one, the id is a hash of the"
                    + " type name)", versions(proposal.typeId()).get(0), proposal);
        }
        Integer id = idByName.get(proposal.typeName());
        if (id != null && id != proposal.typeId()) {
            throw new SchemaConflictException("type " + proposal.typeName() + " already has type id " + id + " in "
                    + holder + ", not " + proposal.typeId() + ": declare id " + id + " for it (@NavpackType(id = " + id
                    + ")) or give the type another name", versions(id).get(0), proposal);
        }
        Schema candidate;
        if (chooseVersion) {
            for (Schema s : versions(proposal.typeId())) {
                if (s.sameFieldsAs(proposal)) {
                    return s;
                }
            }
            candidate = proposal.withVersion(highestVersion(proposal.typeId()) + 1);
        } else {
            Schema existing = get(proposal.typeId(), proposal.version());
            if (existing != null) {
                if (existing.equals(proposal)) {
                    return existing;
                }
                throw new SchemaConflictException(holder + " holds a different schema for type id " + proposal.typeId()
                        + " version " + proposal.version() + " (type " + proposal.typeName() + "): "
                        + differences(existing, proposal) + ". Fix: leave the version out (@NavpackType without version,"
                        + " or SchemaRegistry.registerChoosingVersion) so that navpack gives these fields a version of"
                        + " their own, or declare version " + (highestVersion(proposal.typeId()) + 1)
                        + " (the highest version of " + proposal.typeName() + " is " + highestVersion(proposal.typeId())
                        + ")", existing, proposal);
            }
            candidate = proposal;
        }
        checkFieldTypes(candidate);
        return candidate;
    }

    /** Refuses a new version in which a field has a type that the field has not in another version. */
    private void checkFieldTypes(Schema candidate) {
        for (Field f : candidate.fields()) {
            for (Schema other : versions(candidate.typeId())) {
                Field o = other.field(f.name());
                if (o != null && !FieldType.compatibleAcrossVersions(o.type(), f.type())) {
                    throw new SchemaConflictException("field " + f.name() + " of " + candidate.typeName() + " (type id "
                            + candidate.typeId() + ") is " + withArticle(o.type()) + " in version " + other.version()
                            + " but " + withArticle(f.type()) + " in version " + candidate.version()
                            + ", which is being registered: a field"
                            + " keeps its type in every version of its type. Fix: give the field of the new type another"
                            + " name (and stop writing the old one), or give the changed class another type name and id",
                            other, candidate);
                }
            }
        }
    }

    private static String withArticle(FieldType t) {
        String s = t.toString();
        return ("aeiou".indexOf(s.charAt(0)) >= 0 ? "an " : "a ") + s;
    }

    /** The fields in which two schemas of one type differ, in words. */
    static String differences(Schema registered, Schema refused) {
        List<String> out = new ArrayList<>();
        for (Field r : registered.fields()) {
            Field n = refused.field(r.name());
            if (n == null) {
                out.add("field " + r + " is only in the registered schema");
            } else if (!r.type().equals(n.type())) {
                out.add("field " + r.name() + " is " + withArticle(r.type()) + " in the registered schema but "
                        + withArticle(n.type()) + " in the refused one");
            } else if (r.nullable() != n.nullable()) {
                out.add("field " + r.name() + " is " + (r.nullable() ? "nullable" : "not nullable") + " in the registered"
                        + " schema but " + (n.nullable() ? "nullable" : "not nullable") + " in the refused one");
            }
        }
        for (Field n : refused.fields()) {
            if (registered.field(n.name()) == null) {
                out.add("field " + n + " is only in the refused schema");
            }
        }
        if (out.isEmpty()) {
            out.add("the same fields in another order (" + registered.fields() + " against " + refused.fields() + ")");
        }
        return String.join("; ", out);
    }

    /** The binary form: {@code 0x01 packed(count) (packed(length) schema)*}. */
    public byte[] toBytes() {
        PackedWriter w = new PackedWriter(16 + schemas.size() * 64);
        w.writeByte(BINARY_FORM_VERSION);
        w.writePackedInt(schemas.size());
        for (Schema s : schemas) {
            byte[] b = s.toBytes();
            w.writePackedInt(b.length);
            w.writeBytes(b, 0, b.length);
        }
        return w.toByteArray();
    }

    /** Reads a catalog from its binary form; bad input gives {@link NavpackFormatException}. */
    public static SchemaCatalog fromBytes(byte[] bytes) {
        PackedReader r = new PackedReader(bytes, 0, bytes.length);
        int form = r.readUnsignedByte();
        if (form != BINARY_FORM_VERSION) {
            throw new NavpackFormatException("unsupported schema catalog form " + form, 0);
        }
        int n = r.readLength("schema count", r.remaining());
        List<Schema> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int length = r.readByteLength("schema length");
            int at = r.position();
            out.add(Schema.fromBytes(bytes, at, length));
            r.skip(length);
        }
        if (r.remaining() != 0) {
            throw new NavpackFormatException(r.remaining() + " bytes after the schema catalog", r.position());
        }
        try {
            return of(out);
        } catch (SchemaException e) {
            throw new NavpackFormatException("invalid schema catalog: " + e.getMessage(), 0, e);
        }
    }

    @Override
    public String toString() {
        return "SchemaCatalog" + schemas;
    }
}
