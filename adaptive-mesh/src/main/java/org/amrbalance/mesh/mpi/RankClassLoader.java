package org.amrbalance.mesh.mpi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;

/**
 * Loads the package that calls MPJ Express ({@code mesh.mpi.mpj}) afresh for one rank, everything else from its
 * parent. MPJ keeps a rank's state in static fields, so with the multicore device each rank needs its own copy of
 * MPJ's classes, and so of the classes that call them; the solver's classes are stateless between ranks and, when
 * the launcher puts them on the JVM's class path, are shared: loaded, profiled and compiled once for all ranks
 * instead of once per rank on cores the ranks need for themselves.
 */
final class RankClassLoader extends ClassLoader {
  static final String BINDING_PACKAGE = "org.amrbalance.mesh.mpi.mpj.";
  private static final String RUNTIME = BINDING_PACKAGE + "MpjRuntime";

  static {
    registerAsParallelCapable();
  }

  private RankClassLoader(ClassLoader parent) {
    super("amrbalance-rank", parent);
  }

  /** A new binding over the class loader that sees this rank's MPJ classes. */
  static MpiRuntime runtime() {
    ClassLoader parent = mpjLoader();
    try {
      Class<?> type = Class.forName(RUNTIME, true, new RankClassLoader(parent));
      return (MpiRuntime) type.getConstructor().newInstance();
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("cannot start the MPJ binding " + RUNTIME, e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot load the MPJ binding " + RUNTIME + " over " + parent, e);
    }
  }

  /**
   * This class's own loader if it sees MPJ (niodev, or every class loaded per rank), else the thread's context
   * loader: MPJ's multicore starter sets it to the rank's loader, which holds MPJ's classes for that rank.
   */
  private static ClassLoader mpjLoader() {
    ClassLoader own = RankClassLoader.class.getClassLoader();
    if (sees(own)) {
      return own;
    }
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    if (context != null && sees(context)) {
      return context;
    }
    throw new IllegalStateException("MPJ Express (class mpi.MPI) is visible neither to " + own
        + " nor to the thread's context loader " + context + ": start ranks with MpjLauncher or MPJ's starter");
  }

  private static boolean sees(ClassLoader loader) {
    try {
      Class.forName("mpi.MPI", false, loader);
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    if (!name.startsWith(BINDING_PACKAGE)) {
      return super.loadClass(name, resolve);
    }
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null) {
        c = findClass(name);
      }
      if (resolve) {
        resolveClass(c);
      }
      return c;
    }
  }

  @Override
  protected Class<?> findClass(String name) throws ClassNotFoundException {
    String resource = name.replace('.', '/') + ".class";
    try (InputStream in = getParent().getResourceAsStream(resource)) {
      if (in == null) {
        throw new ClassNotFoundException(name);
      }
      byte[] bytes = in.readAllBytes();
      return defineClass(name, bytes, 0, bytes.length);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
  }
}
