namespace MemAnalyzer.Sql;

/// <summary>
/// The tables a query sees, as DuckDB statements: the rows are loaded into underscore tables that store a type id per
/// object (no type name per row), and the documented tables are views that join the names in.
/// </summary>
public static class SqlSchema
{
    /// <summary>The tables a query may name, in the order the README documents them.</summary>
    public static IReadOnlyList<string> Tables { get; } = ["objects", "refs", "roots", "types", "strings"];

    /// <summary>The statements that make the tables; generations are stored as numbers in Analysis.HeapGeneration's order.</summary>
    public const string Create = """
        CREATE TABLE _objects (address UBIGINT, type_id INTEGER, size BIGINT, generation UTINYINT, live BOOLEAN, retained BIGINT, dominator UBIGINT, parent UBIGINT);
        CREATE TABLE _types (type_id INTEGER, type VARCHAR);
        CREATE TABLE _generations (generation UTINYINT, name VARCHAR);
        INSERT INTO _generations VALUES (0, 'gen0'), (1, 'gen1'), (2, 'gen2'), (3, 'loh'), (4, 'poh'), (5, 'frozen');
        CREATE TABLE _type_retained (type VARCHAR, retained BIGINT);
        CREATE TABLE _refs (source UBIGINT, target UBIGINT, field_id INTEGER);
        CREATE TABLE _fields (field_id INTEGER, field VARCHAR);
        CREATE TABLE roots (address UBIGINT, kind VARCHAR, name VARCHAR);
        CREATE TABLE strings (address UBIGINT, length INTEGER, value VARCHAR);
        CREATE VIEW objects AS
            SELECT o.address, t.type, o.size, g.name AS generation, o.live, o.retained, o.dominator, o.parent
            FROM _objects o JOIN _types t USING (type_id) LEFT JOIN _generations g USING (generation);
        CREATE VIEW refs AS SELECT r.source, r.target, f.field FROM _refs r LEFT JOIN _fields f USING (field_id);
        CREATE VIEW types AS
            SELECT t.type, count(*) AS count, sum(o.size) AS bytes, count(*) FILTER (WHERE o.live) AS live_count,
                coalesce(sum(o.size) FILTER (WHERE o.live), 0) AS live_bytes, coalesce(any_value(r.retained), 0) AS retained
            FROM _objects o JOIN _types t USING (type_id) LEFT JOIN _type_retained r ON r.type = t.type
            GROUP BY t.type;
        """;
}
