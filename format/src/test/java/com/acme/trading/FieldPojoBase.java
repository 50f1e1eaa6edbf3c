package com.acme.trading;

public class FieldPojoBase {
    protected String label;
}
