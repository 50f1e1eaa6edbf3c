package io.navpack.bench.model;

import io.navpack.format.NavpackType;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * A wide flat record of 50 fields. Field types repeat every ten fields: long, string, decimal, date,
 * int, double, boolean, string (a 3-letter code), long, decimal.
 */
@NavpackType(id = 2, version = 1, name = "Wide50")
public record Wide50(
        long f01,
        String f02,
        BigDecimal f03,
        LocalDate f04,
        int f05,
        double f06,
        boolean f07,
        String f08,
        long f09,
        BigDecimal f10,
        long f11,
        String f12,
        BigDecimal f13,
        LocalDate f14,
        int f15,
        double f16,
        boolean f17,
        String f18,
        long f19,
        BigDecimal f20,
        long f21,
        String f22,
        BigDecimal f23,
        LocalDate f24,
        int f25,
        double f26,
        boolean f27,
        String f28,
        long f29,
        BigDecimal f30,
        long f31,
        String f32,
        BigDecimal f33,
        LocalDate f34,
        int f35,
        double f36,
        boolean f37,
        String f38,
        long f39,
        BigDecimal f40,
        long f41,
        String f42,
        BigDecimal f43,
        LocalDate f44,
        int f45,
        double f46,
        boolean f47,
        String f48,
        long f49,
        BigDecimal f50) implements Serializable {
}
