package io.navpack.fuzz;



/** The fuzz test's {@code Chain} records (nested 50 deep) read as an interface view. */
public interface ChainView {
    int n();

    ChainView next();

    Object deep();

    ChainView[] items();
}
