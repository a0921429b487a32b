namespace MemAnalyzer.Heap;

/// <summary>
/// What to do with each reference an object holds. Implemented by structs, so that the reference walk is compiled
/// once per use (marking, building the object graph) with no call through an interface or a delegate per reference.
/// </summary>
internal interface IReferenceVisitor
{
    /// <summary>One reference (possibly 0, a null field) held by the object being walked.</summary>
    void Visit(ulong target);
}
