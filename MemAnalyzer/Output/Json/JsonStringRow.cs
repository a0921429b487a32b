namespace MemAnalyzer.Output;

/// <summary>A duplicated string value (-dstrings), with the CSV's columns; Address is empty without -showaddress.</summary>
public sealed record JsonStringRow(string Value, long Count, long Waste, long Size, string Owner, string Address);
