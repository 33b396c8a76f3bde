package org.amrbalance.components;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

/**
 * A set of components found with {@link ServiceLoader}: list an implementation in
 * {@code META-INF/services/org.amrbalance.components.ComponentCatalog}, and a jar on the class path adds balancer
 * and trigger names without code changes here.
 */
public interface ComponentCatalog {
  /** The components this catalog declares. */
  List<Component<?>> components();

  /** Every component of {@code type} this library's and the current thread's class loaders see, by name. */
  static <T> Map<String, Component<T>> discover(Class<T> type) {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return discover(type, context != null ? context : ComponentCatalog.class.getClassLoader());
  }

  /**
   * Every component of {@code type} that {@code loader} and this library's class loader see (a runtime that runs
   * ranks under its own loader still finds the built-ins), by name; two with one name are an error.
   */
  @SuppressWarnings("unchecked") // the type is checked before the cast
  static <T> Map<String, Component<T>> discover(Class<T> type, ClassLoader loader) {
    Map<String, Component<T>> out = new TreeMap<>();
    Set<Class<?>> seen = new HashSet<>();
    for (ClassLoader l : List.of(loader, ComponentCatalog.class.getClassLoader())) {
      for (ComponentCatalog catalog : ServiceLoader.load(ComponentCatalog.class, l)) {
        if (!seen.add(catalog.getClass())) {
          continue;
        }
        for (Component<?> c : catalog.components()) {
          if (c.type() != type) {
            continue;
          }
          Component<T> previous = out.putIfAbsent(c.name(), (Component<T>) c);
          if (previous != null && previous != c) {
            throw new IllegalStateException("two " + type.getSimpleName() + " components are named '" + c.name()
                + "' (one from " + catalog.getClass().getName() + ")");
          }
        }
      }
    }
    return out;
  }
}
