package io.navpack.hazelcast.model;

import io.navpack.format.NavpackType;

import java.math.BigDecimal;

@NavpackType(id = 41, version = 1, name = "ClusterOrder")
public record OrderV1(long id, String currency, BigDecimal amount) {
}
