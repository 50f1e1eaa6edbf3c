package com.acme.trading;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** A JavaBean: private fields behind public getters and setters. */
public class Bean {
    private long id;
    private String name;
    private boolean active;
    private BigDecimal price;
    private LocalDate day;
    private List<String> tags = new ArrayList<>();

    public long getId() { return id; }
    public void setId(long id) { this.id = id; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public boolean isActive() { return active; }
    public void setActive(boolean active) { this.active = active; }
    public BigDecimal getPrice() { return price; }
    public void setPrice(BigDecimal price) { this.price = price; }
    public LocalDate getDay() { return day; }
    public void setDay(LocalDate day) { this.day = day; }
    public List<String> getTags() { return tags; }
    public void setTags(List<String> tags) { this.tags = tags; }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Bean)) return false;
        Bean b = (Bean) o;
        return id == b.id && active == b.active && Objects.equals(name, b.name) && Objects.equals(price, b.price)
                && Objects.equals(day, b.day) && Objects.equals(tags, b.tags);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name);
    }
}
