/// Placeholder until the demo server lands.
public enum DemoServerPlaceholder {}
