/**
 * The sizer's reach into a member's Hazelcast internals, in one place: the maps, partitions, record stores and
 * index registries of a member ({@link io.navpack.sizing.internal.MemberIndexSizer},
 * {@link io.navpack.sizing.internal.BoundedMapSizer}), the structures of each index store
 * ({@link io.navpack.sizing.internal.IndexStoreInspector}) and record store
 * ({@link io.navpack.sizing.internal.RecordStoreInspector}), what a walk must not follow
 * ({@link io.navpack.sizing.internal.HazelcastStopRule}) and the index a what-if builds aside
 * ({@link io.navpack.sizing.internal.WhatIfEstimator}). Each class that touches the internals names the Hazelcast
 * versions it is proven on; the public API of {@code io.navpack.sizing} uses only these classes.
 */
package io.navpack.sizing.internal;
