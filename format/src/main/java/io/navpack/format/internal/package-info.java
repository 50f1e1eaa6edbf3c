/**
 * Code generation: the class files of record decoders and interface views, and the writer of class files
 * they share. Not exported by the module; the format's core calls it and defines the classes.
 */
package io.navpack.format.internal;
