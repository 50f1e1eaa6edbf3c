package io.navpack.hazelcast.model;

import io.navpack.format.NavpackType;

import java.math.BigDecimal;

/** Version 2 adds a venue. */
@NavpackType(id = 41, version = 2, name = "ClusterOrder")
public record OrderV2(long id, String currency, BigDecimal amount, String venue) {
}
