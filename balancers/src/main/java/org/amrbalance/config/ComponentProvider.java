package org.amrbalance.config;

import com.google.inject.Module;
import java.util.Map;

/**
 * A balancer or trigger selectable by name. Implementations are found with {@link java.util.ServiceLoader}
 * (list them in {@code META-INF/services/org.amrbalance.config.BalancerProvider} or
 * {@code ...TriggerProvider}), so a third-party jar on the classpath adds names without code changes here.
 */
public interface ComponentProvider {
  /** The configuration name, e.g. {@code grid-indivisibility}: lower case, digits and dashes. */
  String name();

  /** One line for listings. */
  String description();

  /** Option name to a one-line description with default and valid range. */
  Map<String, String> options();

  /** The module that binds the component with these options (already checked to be known names). */
  Module module(ComponentOptions options);
}
