package io.navpack.it.soak;

import com.hazelcast.client.config.ClientConfig;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.it.soak.model.CompactTrade;
import io.navpack.it.soak.model.CompactTradeV2;
import io.navpack.it.soak.model.NavTrade;
import io.navpack.it.soak.model.NavTradeV2;
import io.navpack.it.soak.model.TradeFields;
import java.util.Locale;

/**
 * The two value formats the soak runs side by side, on one cluster and under the same faults: navpack and
 * Compact, with the same fields, the same maps' settings and the same workload.
 */
public enum SoakFormat {
    NAVPACK("soak_np"),
    COMPACT("soak_compact");

    private final String map;

    SoakFormat(String map) {
        this.map = map;
    }

    /** The map (and SQL mapping) name. */
    public String map() {
        return map;
    }

    /** Short label for logs and tables. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The value a client of version 1 or 2 writes. */
    public Object value(TradeFields f, boolean v2) {
        return switch (this) {
            case NAVPACK -> v2 ? NavTradeV2.of(f) : NavTrade.of(f);
            case COMPACT -> v2 ? CompactTradeV2.of(f) : CompactTrade.of(f);
        };
    }

    /** The fields of a value read back; a reader of version 1 sees no venue. */
    public static TradeFields fields(Object value) {
        if (value instanceof NavTrade t) {
            return t.fields();
        }
        if (value instanceof NavTradeV2 t) {
            return t.fields();
        }
        if (value instanceof CompactTrade t) {
            return t.fields();
        }
        if (value instanceof CompactTradeV2 t) {
            return t.fields();
        }
        throw new IllegalStateException("not a soak trade: " + (value == null ? "null" : value.getClass().getName() + " " + value));
    }

    /** Registers both formats' classes of version 1 or 2 with a client (a client has one version of each). */
    public static ClientConfig configure(ClientConfig config, boolean v2) {
        if (v2) {
            NavpackConfig.of(NavTradeV2.class).applyTo(config);
            config.getSerializationConfig().getCompactSerializationConfig().addSerializer(new CompactTradeV2.Serializer());
        } else {
            NavpackConfig.of(NavTrade.class).applyTo(config);
            config.getSerializationConfig().getCompactSerializationConfig().addSerializer(new CompactTrade.Serializer());
        }
        return config;
    }

    /** The SQL mapping of the map; the one of version 2 has the venue column. */
    public String mapping(boolean v2) {
        return switch (this) {
            case NAVPACK -> "CREATE OR REPLACE MAPPING " + map + " TYPE NavpackMap OPTIONS ('keyFormat' = 'bigint', "
                    + "'valueNavpackType' = 'SoakTrade')";
            case COMPACT -> "CREATE OR REPLACE MAPPING " + map + " (__key BIGINT, id BIGINT, owner INT, seq BIGINT, tradeDate DATE, "
                    + "buySell VARCHAR, currency1 VARCHAR, amount1 DECIMAL, exchangeRate DECIMAL, currency2 VARCHAR, amount2 DECIMAL, "
                    + "settlementDate DATE, book VARCHAR" + (v2 ? ", venue VARCHAR" : "") + ") TYPE IMap OPTIONS ('keyFormat' = 'bigint', "
                    + "'valueFormat' = 'compact', 'valueCompactTypeName' = '" + CompactTrade.TYPE_NAME + "')";
        };
    }
}
