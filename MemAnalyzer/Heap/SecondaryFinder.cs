namespace MemAnalyzer.Heap;

/// <summary>Tells whether one object is among the secondaries a dependent handle's primary keeps alive.</summary>
internal struct SecondaryFinder(ulong target) : IReferenceVisitor
{
    public bool Found { get; private set; }

    public void Visit(ulong secondary)
    {
        if (secondary == target)
        {
            Found = true;
        }
    }
}
