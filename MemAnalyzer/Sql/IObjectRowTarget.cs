namespace MemAnalyzer.Sql;

/// <summary>Where one walk thread's <c>objects</c> rows go when a segment is walked: DuckDB's appender, or a scan that DuckDB reads.</summary>
internal interface IObjectRowTarget
{
    void Append(ObjectRowBuffer buffer);
}
