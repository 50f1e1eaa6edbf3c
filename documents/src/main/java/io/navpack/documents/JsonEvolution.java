package io.navpack.documents;

/** Evolution of JSON and CSV models (see {@link Evolution}). */
final class JsonEvolution {
    private JsonEvolution() {
    }

    static void evolve(Evolution e, Model base, Stats stats) {
        throw new Evolution.Refused("JSON and CSV schemas do not grow yet");
    }
}
