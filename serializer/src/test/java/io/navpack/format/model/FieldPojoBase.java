package io.navpack.format.model;

public class FieldPojoBase {
    protected String label;
}
