package io.navpack.format;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The rules for adding a schema, as one JVM's registry applies them (and a cluster's catalog, with the
 * same class): chosen versions, declared versions, fields that change type, ids and names, and the
 * catalog's binary form.
 */
class SchemaCatalogTest {
    @NavpackType(name = "Account")
    record AccountV1(long id, String owner) {
    }

    @NavpackType(name = "Account")
    record AccountV2(long id, String owner, String region) {
    }

    @NavpackType(name = "Account")
    record AccountV3(long id, String region, BigDecimal balance) {
    }

    @NavpackType(name = "Account")
    record AccountTextId(String id, String owner) {
    }

    @NavpackType(name = "Account", version = 7)
    record AccountDeclared(long id, String owner, int level) {
    }

    private static Schema schemaOf(Class<?> type) {
        return new SchemaRegistry().register(type).schema();
    }

    @Test
    void versionsAreChosenFromWhatIsHeld() {
        SchemaRegistry r = new SchemaRegistry();
        assertThat(r.register(AccountV1.class).schema().version()).isEqualTo(1);
        assertThat(r.registerChoosingVersion(schemaOf(AccountV2.class)).version()).isEqualTo(2);
        assertThat(r.registerChoosingVersion(schemaOf(AccountV3.class)).version()).isEqualTo(3);
        // the same fields again: the version that has them
        assertThat(r.registerChoosingVersion(schemaOf(AccountV2.class))).isSameAs(r.local(schemaOf(AccountV1.class).typeId(), 2));
        assertThat(r.registerChoosingVersion(schemaOf(AccountV1.class)).version()).isEqualTo(1);
        // another JVM that starts with v3 gives it version 1 in its own registry; a cluster decides between them
        assertThat(new SchemaRegistry().register(AccountV3.class).schema().version()).isEqualTo(1);
    }

    @Test
    void aDeclaredVersionIsKeptAndChosenVersionsGoAboveIt() {
        SchemaRegistry r = new SchemaRegistry();
        r.register(AccountV1.class);
        assertThat(r.register(AccountDeclared.class).schema().version()).isEqualTo(7);
        assertThat(r.registerChoosingVersion(schemaOf(AccountV2.class)).version()).isEqualTo(8);
        assertThat(r.schemas()).extracting(Schema::version).containsExactly(1, 7, 8);
    }

    @Test
    void otherFieldsUnderADeclaredVersionAreRefusedNamingTheFieldsAndTheFix() {
        SchemaRegistry r = new SchemaRegistry();
        Schema v1 = r.register(AccountV1.class).schema();
        Schema other = schemaOf(AccountV2.class).withVersion(1);
        assertThatThrownBy(() -> r.register(other)).isInstanceOfSatisfying(SchemaConflictException.class, e -> {
            assertThat(e.problem()).contains("holds a different schema for type id " + v1.typeId() + " version 1 (type Account)")
                    .contains("field region: string? is only in the refused schema")
                    .contains("Fix: leave the version out").contains("declare version 2");
            assertThat(e.existing()).isSameAs(v1);
            assertThat(e.refused()).isSameAs(other);
            assertThat(e).hasMessageContaining("[registered: " + v1).hasMessageContaining("refused: " + other);
        });
        Schema reordered = Schema.builder("Account").typeId(v1.typeId()).field("owner", FieldType.STRING)
                .field("id", FieldType.LONG).build();
        assertThatThrownBy(() -> r.register(reordered)).isInstanceOf(SchemaConflictException.class)
                .hasMessageContaining("the same fields in another order");
        Schema nullable = Schema.builder("Account").typeId(v1.typeId()).field("id", FieldType.LONG, true)
                .field("owner", FieldType.STRING).build();
        assertThatThrownBy(() -> r.register(nullable)).isInstanceOf(SchemaConflictException.class)
                .hasMessageContaining("field id is not nullable in the registered schema but nullable in the refused one");
    }

    @Test
    void aFieldThatChangesTypeIsRefusedWhateverTheVersion() {
        SchemaRegistry r = new SchemaRegistry();
        Schema v1 = r.register(AccountV1.class).schema();
        int before = r.schemas().size();
        assertThatThrownBy(() -> r.register(AccountTextId.class)).isInstanceOfSatisfying(SchemaConflictException.class, e -> {
            assertThat(e.problem()).contains("field id of Account (type id " + v1.typeId() + ") is a long in version 1"
                    + " but a string in version 2, which is being registered").contains("Fix: give the field");
            assertThat(e.existing()).isSameAs(v1);
        });
        Schema declared = schemaOf(AccountTextId.class).withVersion(9);
        assertThatThrownBy(() -> r.register(declared)).isInstanceOf(SchemaConflictException.class)
                .hasMessageContaining("is a long in version 1 but a string in version 9");
        assertThat(r.schemas()).hasSize(before);
        assertThat(r.findBinding(AccountTextId.class)).isNull();
    }

    @Test
    void nullabilityEnumConstantsAndAddedFieldsMayChangeBetweenVersions() {
        SchemaRegistry r = new SchemaRegistry();
        r.register(Schema.builder("Deal").typeId(20).field("qty", FieldType.LONG, false)
                .field("side", FieldType.enumOf("Side", List.of("BUY", "SELL"))).build());
        Schema v2 = r.register(Schema.builder("Deal").typeId(20).version(2).field("qty", FieldType.LONG, true)
                .field("side", FieldType.enumOf("Side", List.of("BUY", "SELL", "SHORT")))
                .field("legs", FieldType.list(FieldType.record("Leg"))).build());
        assertThat(v2.version()).isEqualTo(2);
        assertThatThrownBy(() -> r.register(Schema.builder("Deal").typeId(20).version(3)
                .field("legs", FieldType.list(FieldType.record("Period"))).build()))
                .isInstanceOf(SchemaConflictException.class)
                .hasMessageContaining("field legs of Deal (type id 20) is a list<record<Leg>> in version 2 but a list<record<Period>> in version 3");
    }

    @Test
    void oneTypeIdPerTypeNameAndOneTypeNamePerTypeId() {
        SchemaRegistry r = new SchemaRegistry();
        r.register(Schema.builder("Deal").typeId(10).field("x", FieldType.INT).build());
        assertThatThrownBy(() -> r.registerChoosingVersion(Schema.builder("Other").typeId(10).build()))
                .isInstanceOf(SchemaConflictException.class).hasMessageContaining("type id 10 already belongs to Deal")
                .hasMessageContaining("give one of the two types another id");
        assertThatThrownBy(() -> r.registerChoosingVersion(Schema.builder("Deal").typeId(11).field("x", FieldType.INT).build()))
                .isInstanceOf(SchemaConflictException.class).hasMessageContaining("type Deal already has type id 10")
                .hasMessageContaining("@NavpackType(id = 10)");
    }

    @Test
    void aPublisherChoosesTheVersionAndItsRefusalRefusesTheRegistration() {
        SchemaRegistry cluster = new SchemaRegistry();
        cluster.register(AccountV1.class);
        cluster.registerChoosingVersion(schemaOf(AccountV3.class));
        List<SchemaPublisher.Proposal> seen = new ArrayList<>();
        SchemaRegistry client = new SchemaRegistry();
        client.setPublisher(proposals -> {
            seen.addAll(proposals);
            List<SchemaPublisher.Answer> out = new ArrayList<>();
            for (SchemaPublisher.Proposal p : proposals) {
                try {
                    out.add(SchemaPublisher.Answer.agreed(p.chooseVersion() ? cluster.registerChoosingVersion(p.schema())
                            : cluster.register(p.schema())));
                } catch (SchemaException e) {
                    out.add(SchemaPublisher.Answer.refused(e));
                }
            }
            return out;
        });
        // the cluster knows v1 and v2 = AccountV3's fields: a client with AccountV3 gets 2, not its local 1
        assertThat(client.register(AccountV3.class).schema().version()).isEqualTo(2);
        assertThat(seen).hasSize(1).allMatch(SchemaPublisher.Proposal::chooseVersion);
        assertThat(client.register(AccountV2.class).schema().version()).isEqualTo(3);
        assertThatThrownBy(() -> client.register(AccountTextId.class)).isInstanceOf(SchemaConflictException.class)
                .hasMessageContaining("field id of Account");
        // known schemas are not published again
        seen.clear();
        client.register(client.binding(AccountV2.class).schema());
        assertThat(seen).isEmpty();
    }

    @Test
    void afterAPublicationIsLostEverythingIsPublishedAgainOnceAndTheOtherSidesSchemaIsAdopted() {
        SchemaRegistry[] cluster = {new SchemaRegistry()};
        List<List<SchemaPublisher.Proposal>> calls = new ArrayList<>();
        SchemaRegistry client = new SchemaRegistry();
        client.setPublisher(proposals -> {
            calls.add(proposals);
            List<SchemaPublisher.Answer> out = new ArrayList<>();
            for (SchemaPublisher.Proposal p : proposals) {
                try {
                    out.add(SchemaPublisher.Answer.agreed(p.chooseVersion() ? cluster[0].registerChoosingVersion(p.schema())
                            : cluster[0].register(p.schema())));
                } catch (SchemaException e) {
                    out.add(SchemaPublisher.Answer.refused(e));
                }
            }
            return out;
        });
        client.register(AccountV1.class);
        Schema v2 = client.register(AccountV2.class).schema();
        client.ensurePublished();
        assertThat(calls).hasSize(2);
        // the cluster restarts empty and another client gives version 2 to other fields first
        cluster[0] = new SchemaRegistry();
        cluster[0].register(schemaOf(AccountV1.class));
        cluster[0].register(schemaOf(AccountV3.class).withVersion(2));
        client.publicationLost();
        client.ensurePublished();
        assertThat(calls).hasSize(3);
        assertThat(calls.get(2)).extracting(SchemaPublisher.Proposal::schema).containsExactly(
                client.local(v2.typeId(), 1), v2);
        assertThat(client.local(v2.typeId(), 2)).isEqualTo(cluster[0].local(v2.typeId(), 2));
        // AccountV2 lost its version: writing it registers it again, under a version of its own
        assertThat(client.findBinding(AccountV2.class)).isNull();
        assertThat(client.register(AccountV2.class).schema().version()).isEqualTo(3);
        client.ensurePublished();
        assertThat(calls).hasSize(4);
    }

    @Test
    void theBinaryFormRoundTripsAndBadBytesGiveAFormatException() {
        SchemaCatalog c = SchemaCatalog.EMPTY.with(schemaOf(AccountV2.class)).with(schemaOf(AccountV1.class).withVersion(3))
                .with(Schema.builder("Deal").typeId(10).field("x", FieldType.INT).build());
        SchemaCatalog back = SchemaCatalog.fromBytes(c.toBytes());
        assertThat(back.schemas()).isEqualTo(c.schemas());
        assertThat(back.schemas()).extracting(Schema::typeId).isSorted();
        assertThat(back.versions(schemaOf(AccountV1.class).typeId())).extracting(Schema::version).containsExactly(1, 3);
        assertThat(back.typeName(10)).isEqualTo("Deal");
        byte[] b = c.toBytes();
        assertThatThrownBy(() -> SchemaCatalog.fromBytes(java.util.Arrays.copyOf(b, b.length - 1)))
                .isInstanceOf(NavpackFormatException.class);
        assertThatThrownBy(() -> SchemaCatalog.fromBytes(java.util.Arrays.copyOf(b, b.length + 1)))
                .isInstanceOf(NavpackFormatException.class).hasMessageContaining("after the schema catalog");
        byte[] twice = SchemaCatalog.of(List.of(schemaOf(AccountV1.class))).toBytes();
        twice[1] = 2;
        byte[] dup = new byte[twice.length + (twice.length - 2)];
        System.arraycopy(twice, 0, dup, 0, twice.length);
        System.arraycopy(twice, 2, dup, twice.length, twice.length - 2);
        assertThatThrownBy(() -> SchemaCatalog.fromBytes(dup)).isInstanceOf(NavpackFormatException.class)
                .hasMessageContaining("two schemas for type id");
        assertThatThrownBy(() -> SchemaCatalog.fromBytes(new byte[] {2, 0})).isInstanceOf(NavpackFormatException.class);
    }
}
