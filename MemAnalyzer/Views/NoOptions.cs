namespace MemAnalyzer.Views;

/// <summary>The options of a view that has none beyond the unit and -showunchanged.</summary>
public readonly record struct NoOptions;
