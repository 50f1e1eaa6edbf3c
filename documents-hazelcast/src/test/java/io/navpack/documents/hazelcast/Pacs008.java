package io.navpack.documents.hazelcast;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * ISO 20022 FI-to-FI customer credit transfers shaped like pacs.008.001.08 — namespaced XML, 1 to 3 transactions per
 * message, optional parts present or not — generated from a seed, and the values they hold, as the oracle.
 */
final class Pacs008 {
    static final String NS = "urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08";
    private static final String[] CURRENCIES = {"EUR", "EUR", "EUR", "USD", "USD", "GBP", "CHF", "JPY"};
    private static final String[] BICS = {"DEUTDEFFXXX", "BNPAFRPPXXX", "COBADEFFXXX", "NWBKGB2LXXX", "UBSWCHZH80A",
        "CHASUS33XXX", "BOFAUS3NXXX", "MHCBJPJTXXX", "INGBNL2AXXX", "RABONL2UXXX", "SOGEFRPPXXX", "HSBCGB2LXXX"};
    private static final String[] NAMES = {"Acme GmbH", "Globex SA", "Initech Ltd", "Umbrella AG", "Stark plc",
        "Wayne & Co", "Tyrell Corp", "Cyberdyne KK"};

    /** A charge on a transaction. */
    record Charge(BigDecimal amount, String currency, String agentBic) {
    }

    /** One credit transfer transaction. */
    record Tx(String endToEndId, BigDecimal amount, String currency, LocalDate settlementDate, String debtorAgentBic,
              String creditorAgentBic, String debtorName, String remittance, List<Charge> charges) {
    }

    /** One message. */
    record Message(String key, String msgId, LocalDateTime created, List<Tx> txs, byte[] xml) {
    }

    private Pacs008() {
    }

    static List<Message> generate(int count, long seed) {
        Random r = new Random(seed);
        List<Message> out = new ArrayList<>(count);
        LocalDateTime base = LocalDateTime.of(2026, 11, 2, 8, 0);
        for (int m = 0; m < count; m++) {
            String msgId = "MSG-" + seed % 1000 + "-" + m;
            LocalDateTime created = base.plusSeconds(r.nextInt(2_000_000));
            int n = 1 + r.nextInt(3);
            List<Tx> txs = new ArrayList<>();
            for (int t = 0; t < n; t++) {
                String ccy = CURRENCIES[r.nextInt(CURRENCIES.length)];
                BigDecimal amount = ccy.equals("JPY") ? BigDecimal.valueOf(1 + r.nextInt(5_000_000))
                        : BigDecimal.valueOf(1 + r.nextInt(100_000_000), 2);
                List<Charge> charges = new ArrayList<>();
                for (int c = r.nextInt(4) == 0 ? 1 + r.nextInt(2) : 0; c > 0; c--) {
                    charges.add(new Charge(BigDecimal.valueOf(1 + r.nextInt(5_000), 2), ccy.equals("JPY") ? "EUR" : ccy,
                            BICS[r.nextInt(BICS.length)]));
                }
                txs.add(new Tx(msgId + "-E2E-" + t, amount, ccy, created.toLocalDate().plusDays(r.nextInt(3)),
                        BICS[r.nextInt(BICS.length)], BICS[r.nextInt(BICS.length)],
                        r.nextInt(6) == 0 ? null : NAMES[r.nextInt(NAMES.length)],
                        r.nextInt(3) == 0 ? null : "INV " + r.nextInt(1_000_000), charges));
            }
            out.add(new Message("pacs-" + m, msgId, created, txs, xml(msgId, created, txs, r)));
        }
        return out;
    }

    private static byte[] xml(String msgId, LocalDateTime created, List<Tx> txs, Random r) {
        StringBuilder x = new StringBuilder();
        x.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Document xmlns=\"").append(NS).append("\">\n")
                .append(" <FIToFICstmrCdtTrf>\n  <GrpHdr>\n   <MsgId>").append(msgId).append("</MsgId>\n")
                .append("   <CreDtTm>").append(created).append("</CreDtTm>\n")
                .append("   <NbOfTxs>").append(txs.size()).append("</NbOfTxs>\n")
                .append("   <SttlmInf><SttlmMtd>").append(r.nextBoolean() ? "CLRG" : "INDA").append("</SttlmMtd></SttlmInf>\n")
                .append("  </GrpHdr>\n");
        for (Tx t : txs) {
            x.append("  <CdtTrfTxInf>\n   <PmtId>");
            if (r.nextBoolean()) {
                x.append("<InstrId>I").append(t.endToEndId()).append("</InstrId>");
            }
            x.append("<EndToEndId>").append(t.endToEndId()).append("</EndToEndId></PmtId>\n")
                    .append("   <IntrBkSttlmAmt Ccy=\"").append(t.currency()).append("\">")
                    .append(t.amount().toPlainString()).append("</IntrBkSttlmAmt>\n")
                    .append("   <IntrBkSttlmDt>").append(t.settlementDate()).append("</IntrBkSttlmDt>\n")
                    .append("   <ChrgBr>").append(r.nextBoolean() ? "SHAR" : "DEBT").append("</ChrgBr>\n");
            for (Charge c : t.charges()) {
                x.append("   <ChrgsInf><Amt Ccy=\"").append(c.currency()).append("\">").append(c.amount().toPlainString())
                        .append("</Amt><Agt><FinInstnId><BICFI>").append(c.agentBic())
                        .append("</BICFI></FinInstnId></Agt></ChrgsInf>\n");
            }
            if (t.debtorName() != null) {
                x.append("   <Dbtr><Nm>").append(t.debtorName().replace("&", "&amp;")).append("</Nm></Dbtr>\n");
            }
            x.append("   <DbtrAgt><FinInstnId><BICFI>").append(t.debtorAgentBic()).append("</BICFI></FinInstnId></DbtrAgt>\n")
                    .append("   <CdtrAgt><FinInstnId><BICFI>").append(t.creditorAgentBic())
                    .append("</BICFI></FinInstnId></CdtrAgt>\n");
            if (t.remittance() != null) {
                x.append("   <RmtInf><Ustrd>").append(t.remittance()).append("</Ustrd></RmtInf>\n");
            }
            x.append("  </CdtTrfTxInf>\n");
        }
        x.append(" </FIToFICstmrCdtTrf>\n</Document>\n");
        return x.toString().getBytes(StandardCharsets.UTF_8);
    }
}
