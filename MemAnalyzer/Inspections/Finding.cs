namespace MemAnalyzer.Inspections;

/// <summary>One row of -inspections.</summary>
/// <param name="Inspection">One of the <see cref="InspectionNames"/>.</param>
/// <param name="Type">What the row groups by: the event's owner and field, the collection or handle type, the callback or async method.</param>
/// <param name="Detail">What is special about the group, such as the handler methods or how many handles are not closed.</param>
/// <param name="Count">Handlers of one event; else instances (or, for duplicate strings, the copies beyond the first of each value).</param>
/// <param name="Bytes">Wasted bytes (empty and sparse collections, empty arrays, duplicate strings) or the instances' own bytes (the others).</param>
/// <param name="Example">One object of the group, to look at with -objects; 0 for none.</param>
public sealed record Finding(string Inspection, string Type, string Detail, long Count, long Bytes, ulong Example)
{
    /// <summary>The bytes fixing it would free: its bytes where they are waste (<see cref="InspectionNames.Saves"/>), else 0.</summary>
    public long Saves => InspectionNames.Saves(Inspection) ? Bytes : 0;
}
