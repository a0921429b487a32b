namespace MemAnalyzer.Suspects;

/// <summary>What a <see cref="DominatorChildren.Walk{TVisitor}(int, ref TVisitor, ref ValueTuple{int, int}[])"/> does at each node it reaches.</summary>
public interface ISubtreeVisitor
{
    /// <summary>Returns true to go on beneath <paramref name="obj"/>.</summary>
    bool Visit(int obj);
}
