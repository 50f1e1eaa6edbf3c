package io.navpack.hazelcast.model;

/** A class nobody registers with navpack (and not Serializable). */
public class Unregistered {
    public long id = 1;
}
