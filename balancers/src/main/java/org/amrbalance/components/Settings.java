package org.amrbalance.components;

import java.util.Map;
import javax.annotation.Nullable;
import javax.annotation.concurrent.Immutable;

/** The parsed, checked option values given to one {@link Component}; options not given read as their default. */
@Immutable
public final class Settings {
  private final String component;
  private final Map<String, Object> values;

  Settings(String component, Map<String, Object> values) {
    this.component = component;
    this.values = Map.copyOf(values);
  }

  /** The component these settings configure. */
  public String component() {
    return component;
  }

  /** The value given for {@code option}, or its default (null for an option without one that was not given). */
  @SuppressWarnings("unchecked") // values are stored by the option that parsed them
  @Nullable
  public <V> V get(Option<V> option) {
    Object v = values.get(option.name());
    return v == null ? option.defaultValue() : (V) v;
  }

  public boolean given(Option<?> option) {
    return values.containsKey(option.name());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Settings s && s.component.equals(component) && s.values.equals(values);
  }

  @Override
  public int hashCode() {
    return component.hashCode() * 31 + values.hashCode();
  }

  @Override
  public String toString() {
    return component + values;
  }
}
