namespace MemAnalyzer.Objects;

/// <summary>How many of a delegate's handlers call one method.</summary>
public sealed record MethodCount(MethodView Method, long Count);
