package io.navpack.documents;

import io.navpack.format.Kind;
import io.navpack.format.Schema;
import org.junit.jupiter.api.Test;
import org.xmlunit.builder.DiffBuilder;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The rules by which samples become record types, fields, lists, types and enums. */
class InferenceRulesTest {
    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static DocumentSchema xml(boolean inline, String... docs) {
        SchemaInference inf = SchemaInference.of(DocumentFormat.XML).name("t").inlineSimpleElements(inline);
        for (int i = 0; i < docs.length; i++) {
            inf.add(utf8(docs[i]), "doc" + i + ".xml");
        }
        return DocumentSchema.parse(inf.infer().toJson());
    }

    private static DocumentSchema json(String... docs) {
        SchemaInference inf = SchemaInference.of(DocumentFormat.JSON).name("t");
        for (int i = 0; i < docs.length; i++) {
            inf.add(utf8(docs[i]), "doc" + i + ".json");
        }
        return DocumentSchema.parse(inf.infer().toJson());
    }

    private static void roundTrips(DocumentSchema s, String... docs) {
        Transcoder t = s.transcoder().evolving(false);
        for (String d : docs) {
            byte[] back = t.toDocument(t.toNavpack(utf8(d), "doc"), DocumentFormat.XML);
            assertThat(DiffBuilder.compare(d).withTest(back).ignoreWhitespace().ignoreComments().checkForSimilar().build()
                    .hasDifferences()).as(d + " came back as " + new String(back, StandardCharsets.UTF_8)).isFalse();
        }
    }

    private static RecType type(DocumentSchema s, String name) {
        return s.model().type(name);
    }

    @Test
    void elementsBecomeRecordsRepeatedOnesListsAndLeavesFields() {
        String a = "<order id=\"1\"><line><sku>A</sku><qty>2</qty></line><line><sku>B</sku><qty>1</qty></line></order>";
        String b = "<order id=\"2\"><line><sku>C</sku><qty>5</qty></line><note>rush</note></order>";
        DocumentSchema s = xml(true, a, b);
        RecType order = type(s, "t.order");
        assertThat(order.root).isTrue();
        assertThat(order.slot("id").role).isEqualTo(Slot.Role.ATTRIBUTE);
        assertThat(order.slot("line").shape.describe()).isEqualTo("list<t.line>");
        assertThat(order.slot("note").shape.describe()).isEqualTo("string");
        assertThat(type(s, "t.line").slot("qty").shape.describe()).isEqualTo("long");
        Schema navpack = order.current();
        assertThat(navpack.field("line").type().kind()).isEqualTo(Kind.LIST);
        assertThat(navpack.field("note").nullable()).isTrue(); // missing in a sample: optional
        roundTrips(s, a, b);
    }

    @Test
    void textIsTypedOnlyWhenEverySampleReadsBackExactly() {
        String[] docs = {
                "<r><n>7</n><d>2.50</d><b>true</b><day>2024-01-31</day><at>2024-01-31T10:00:00Z</at><t>10:15:30</t>"
                        + "<z>007</z><w>5</w><e>1e3</e><loc>2024-01-31T10:00:00</loc></r>",
                "<r><n>-12</n><d>0.001</d><b>false</b><day>1999-12-31</day><at>2024-01-31T10:00:00.5+01:00</at>"
                        + "<t>00:00:00.25</t><z>7</z><w>5.5</w><e>1000</e><loc>2000-01-01T00:00:00</loc></r>"};
        DocumentSchema s = xml(true, docs);
        RecType r = type(s, "t.r");
        assertThat(r.slot("n").shape.text).isEqualTo(TextType.LONG);
        assertThat(r.slot("d").shape.text).isEqualTo(TextType.DECIMAL);
        assertThat(r.slot("b").shape.text).isEqualTo(TextType.BOOLEAN);
        assertThat(r.slot("day").shape.text).isEqualTo(TextType.DATE);
        assertThat(r.slot("at").shape.text).isEqualTo(TextType.OFFSET_DATE_TIME);
        assertThat(r.slot("t").shape.text).isEqualTo(TextType.TIME);
        assertThat(r.slot("loc").shape.text).isEqualTo(TextType.DATE_TIME);
        assertThat(r.slot("z").shape.text).as("007 would lose its zeros as a number").isEqualTo(TextType.STRING);
        assertThat(r.slot("w").shape.text).as("long and decimal samples widen to decimal").isEqualTo(TextType.DECIMAL);
        assertThat(r.slot("e").shape.text).as("1e3 is not written back as 1e3 by a decimal").isEqualTo(TextType.STRING);
        roundTrips(s, docs);
    }

    @Test
    void namesAreIdentifiersAndCollisionsGetANumber() {
        String d = "<r a-b=\"1\" id=\"x\"><a_b>2</a_b><id>3</id><p:id xmlns:p=\"urn:p\">4</p:id></r>";
        DocumentSchema s = xml(true, d);
        RecType r = type(s, "t.r");
        assertThat(r.slot("a_b").role).isEqualTo(Slot.Role.ATTRIBUTE);
        assertThat(r.slot("a_b_2").role).isEqualTo(Slot.Role.ELEMENT);
        assertThat(r.slot("id").role).isEqualTo(Slot.Role.ATTRIBUTE);
        assertThat(r.slot("id_2").ns).isEmpty();
        assertThat(r.slot("id_3").ns).isEqualTo("urn:p"); // same local name, another namespace: another field
        roundTrips(s, d);
    }

    @Test
    void anElementWithTextAndAttributesIsARecordWithAValueFieldOrItsParentsFields() {
        String d = "<r><amount currency=\"EUR\" value=\"v\">12.50</amount></r>";
        DocumentSchema records = xml(false, d);
        RecType amount = type(records, "t.amount");
        assertThat(amount.slot("currency").role).isEqualTo(Slot.Role.ATTRIBUTE);
        assertThat(amount.slot("value").role).as("the attribute keeps its name").isEqualTo(Slot.Role.ATTRIBUTE);
        assertThat(amount.slot("value_2").role).isEqualTo(Slot.Role.TEXT);
        assertThat(amount.slot("value_2").shape.text).isEqualTo(TextType.DECIMAL);
        roundTrips(records, d);

        DocumentSchema inline = xml(true, d);
        RecType r = type(inline, "t.r");
        assertThat(inline.model().type("t.amount")).isNull();
        assertThat(r.slot("amount").shape.text).isEqualTo(TextType.DECIMAL);
        assertThat(r.slot("amount_currency").attrName).isEqualTo("currency");
        roundTrips(inline, d);
    }

    @Test
    void aReferenceWithOneAttributeIsAFieldNamedAfterTheElement() {
        String d = "<r><partyReference href=\"party1\"/><partyReference href=\"party2\"/></r>";
        DocumentSchema s = xml(true, d);
        assertThat(type(s, "t.r").slot("partyReference").attrName).isEqualTo("href");
        assertThat(type(s, "t.r").slot("partyReference").shape.describe()).isEqualTo("list<string>");
        roundTrips(s, d);
    }

    @Test
    void childrenInAnotherOrderThanTheTypeKeepTheirOrder() {
        String a = "<r><x>1</x><y>2</y><x>3</x></r>";
        String b = "<r><y>1</y><x>2</x></r>";
        DocumentSchema s = xml(true, a, b);
        assertThat(type(s, "t.r").orderSlot).isNotNull();
        roundTrips(s, a, b);
        // a type whose samples agree on one order needs no $order
        assertThat(type(xml(true, "<r><x>1</x><y>2</y></r>", "<r><y>2</y></r>"), "t.r").orderSlot).isNull();
    }

    @Test
    void namespacesAndPrefixesAreKept() {
        String d = "<f:r xmlns:f=\"urn:f\" xmlns:g=\"urn:g\" xmlns=\"urn:d\" g:at=\"1\"><g:x>1</g:x><y>2</y><f:z>3</f:z></f:r>";
        DocumentSchema s = xml(true, d);
        RecType r = s.model().roots.get(0);
        assertThat(r.ns).isEqualTo("urn:f");
        assertThat(r.nsSlot).isNotNull();
        Transcoder t = s.transcoder();
        String back = new String(t.toDocument(t.toNavpack(utf8(d), "ns.xml"), DocumentFormat.XML), StandardCharsets.UTF_8);
        assertThat(back).contains("<f:r xmlns:f=\"urn:f\" xmlns:g=\"urn:g\" xmlns=\"urn:d\"").contains("<g:x>1</g:x>")
                .contains("<y>2</y>").contains("g:at=\"1\"");
        roundTrips(s, d);
    }

    @Test
    void stringsWithFewValuesAreEnumsAndNewValuesGrowThem() {
        StringBuilder many = new StringBuilder();
        String[] docs = new String[12];
        for (int i = 0; i < docs.length; i++) {
            docs[i] = "<r><ccy>" + (i % 3 == 0 ? "EUR" : i % 3 == 1 ? "USD" : "GBP") + "</ccy><id>T" + i + "</id></r>";
            many.append(docs[i]);
        }
        DocumentSchema s = xml(true, docs);
        RecType r = type(s, "t.r");
        assertThat(r.slot("ccy").shape.kind).isEqualTo(Shape.Kind.ENUM);
        assertThat(r.slot("id").shape.kind).as("every value seen once: a string").isEqualTo(Shape.Kind.SCALAR);
        Transcoder t = s.transcoder();
        byte[] old = t.toNavpack(utf8(docs[0]), "old.xml");
        byte[] chf = t.toNavpack(utf8("<r><ccy>CHF</ccy><id>X</id></r>"), "new.xml");
        assertThat(s.evolutions()).isEqualTo(1);
        RecType grown = s.model().type("t.r");
        assertThat(grown.version).isEqualTo(2);
        assertThat(grown.slot("ccy").shape.constants).endsWith("CHF");
        assertThat(new String(t.toDocument(chf, DocumentFormat.XML), StandardCharsets.UTF_8)).contains("<ccy>CHF</ccy>");
        assertThat(new String(t.toDocument(old, DocumentFormat.XML), StandardCharsets.UTF_8)).contains("<ccy>EUR</ccy>");
        // both versions are navpack schemas of the same type
        List<Schema> versions = s.navpackSchemas().stream().filter(x -> x.typeName().equals("t.r")).toList();
        assertThat(versions).extracting(Schema::version).containsExactly(1, 2);
        // what grew, and the document that made it grow
        assertThat(s.growths()).hasSize(1);
        Growth g = s.growths().get(0);
        assertThat(g.source()).isEqualTo("new.xml");
        assertThat(g.changes()).containsExactly("t.r v2: +ccy value 'CHF'");
        assertThat(g.reason()).contains("CHF").contains("line 1");
        assertThat(g.toString()).startsWith("new.xml: t.r v2: +ccy value 'CHF' (");

        // a new element: a new field, and a new type for an element with children
        t.toNavpack(utf8("<r><ccy>EUR</ccy><id>Y</id><fee><amt>1.5</amt></fee></r>"), "fee.xml");
        Growth fee = s.growths().get(1);
        assertThat(fee.source()).isEqualTo("fee.xml");
        assertThat(fee.changes()).contains("new type t.fee").anyMatch(c -> c.startsWith("t.r v3: +fee"));
    }

    @Test
    void textThatATypeCannotHoldGoesToATextAlternate() {
        DocumentSchema s = xml(true, "<r><n>1</n></r>", "<r><n>2</n></r>");
        Transcoder t = s.transcoder();
        String odd = "<r><n>n/a</n></r>";
        byte[] v = t.toNavpack(utf8(odd), "odd.xml");
        assertThat(type(s, "t.r").slot("n$text")).isNotNull();
        assertThat(type(s, "t.r").slot("n").shape.text).as("the field keeps its type").isEqualTo(TextType.LONG);
        assertThat(new String(t.toDocument(v, DocumentFormat.XML), StandardCharsets.UTF_8)).contains("<n>n/a</n>");
    }

    @Test
    void jsonKindsThatMixAreKeptExactly() {
        DocumentSchema s = json("{\"v\": 1, \"l\": [], \"o\": {\"a\": 1}, \"n\": null}",
                "{\"v\": \"one\", \"l\": [1], \"o\": [1, 2], \"n\": []}",
                "{\"v\": 2.5, \"l\": null, \"o\": {\"a\": 2}}");
        RecType t = s.model().roots.get(0);
        assertThat(t.slot("v").shape.text).isEqualTo(TextType.DECIMAL); // numbers: the most frequent kind
        assertThat(t.slot("v$json").shape.text).isEqualTo(TextType.JSON);
        assertThat(t.slot("o").shape.describe()).isEqualTo("t.o");
        assertThat(t.slot("o$json")).isNotNull();
        assertThat(t.slot("n").jsonNull).isTrue();
        assertThat(t.nullsSlot).as("null in one, absent in another").isNotNull();
        Transcoder x = s.transcoder().evolving(false);
        for (String d : new String[] {"{\"v\": 1, \"l\": [], \"o\": {\"a\": 1}, \"n\": null}",
                "{\"v\": \"one\", \"l\": [1], \"o\": [1, 2], \"n\": []}", "{\"v\": 2.5, \"l\": null, \"o\": {\"a\": 2}}"}) {
            byte[] back = x.toDocument(x.toNavpack(utf8(d), "d.json"), DocumentFormat.JSON);
            assertThat(JsonTrees.difference(JsonTrees.tree(utf8(d)), JsonTrees.tree(back))).as(d).isNull();
        }
    }

    @Test
    void typeIdsStartWhereAskedMostFrequentFirst() {
        DocumentSchema s = SchemaInference.of(DocumentFormat.XML).name("t").firstTypeId(100)
                .add(utf8("<r><a x=\"1\"><b><c/></b></a><a x=\"2\"><b><c/></b></a></r>"), "d.xml").infer();
        assertThat(s.navpackSchemas()).extracting(Schema::typeId).allMatch(id -> id >= 100);
        assertThat(s.model().type("t.a").id).isLessThan(s.model().type("t.r").id);
    }
}
