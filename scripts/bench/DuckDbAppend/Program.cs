// DuckDB's own cost of taking -sql's objects rows, the bound of the first query (docs/performance.md, issue 44):
//
//   dotnet run -c Release --project scripts/bench/DuckDbAppend -- [rows, default 10000000] [threads, default 2] [memory|file] [objects|refs]
//
// Makes up rows of _objects' eight columns (address, type id, size, generation, live, retained, dominator, parent), or
// of _refs' three (source, target, field id): the schema of MemAnalyzer/Sql/SqlSchema.cs, written here again so that
// nothing is shared. Appends them as data chunks
// of 2,048 rows through DuckDB's C API, each thread on a connection of its own, into a database file attached to an
// in-memory connection (as the kept tables are loaded) with DuckDB's memory limited to 64 MB, and detaches it. Prints
// the seconds of the appends and of the detach (the checkpoint), and the nanoseconds per row.
using System.Diagnostics;
using DuckDB.NET.Data;
using DuckDB.NET.Native;

var rows = args.Length > 0 ? long.Parse(args[0]) : 10_000_000;
var threads = args.Length > 1 ? int.Parse(args[1]) : 2;
var file = args.Length <= 2 || args[2] != "memory";
var refs = args.Length > 3 && args[3] == "refs";
var table = refs ? "_refs" : "_objects";
var folder = Directory.CreateTempSubdirectory("duckdb-append-");
try
{
    using var connection = new DuckDBConnection("DataSource=:memory:");
    connection.Open();
    Execute(connection, $"SET memory_limit = '64MB'; SET temp_directory = '{folder.FullName}/spill';");
    if (file)
    {
        Execute(connection, $"ATTACH '{folder.FullName}/tables.duckdb' AS kept; USE kept;");
    }
    Execute(connection, refs
        ? "CREATE TABLE _refs (source UBIGINT, target UBIGINT, field_id INTEGER);"
        : "CREATE TABLE _objects (address UBIGINT, type_id INTEGER, size BIGINT, generation UTINYINT, live BOOLEAN, retained BIGINT, dominator UBIGINT, parent UBIGINT);");
    var clock = Stopwatch.StartNew();
    var perThread = rows / threads;
    Task.WaitAll([.. Enumerable.Range(0, threads).Select(t => Task.Factory.StartNew(() => Append(connection, file, table, t, perThread), TaskCreationOptions.LongRunning))]);
    var appended = clock.Elapsed.TotalSeconds;
    if (file)
    {
        Execute(connection, "USE memory; DETACH kept;");
    }
    var total = clock.Elapsed.TotalSeconds;
    Console.WriteLine($"{perThread * threads:N0} rows of {table}, {threads} thread(s), {(file ? "database file" : "memory")}: appends {appended:F2} s, detach {total - appended:F2} s, {total * 1e9 / (perThread * threads):F0} ns per row");
}
finally
{
    folder.Delete(recursive: true);
}

static void Execute(DuckDBConnection connection, string sql)
{
    using var command = connection.CreateCommand();
    command.CommandText = sql;
    command.ExecuteNonQuery();
}

static unsafe void Append(DuckDBConnection shared, bool file, string table, int thread, long rows)
{
    using var own = shared.Duplicate();
    own.Open();
    if (file)
    {
        Execute(own, "USE kept;");
    }
    if (NativeMethods.Appender.DuckDBAppenderCreate(own.NativeConnection, null, table, out var appender) != DuckDBState.Success)
    {
        throw new InvalidOperationException("no appender");
    }
    const int Chunk = 2048;
    var columns = (int)NativeMethods.Appender.DuckDBAppenderColumnCount(appender);
    var types = new DuckDBLogicalType[columns];
    var handles = new IntPtr[columns];
    for (var c = 0; c < columns; c++)
    {
        types[c] = NativeMethods.Appender.DuckDBAppenderColumnType(appender, (ulong)c);
        handles[c] = types[c].DangerousGetHandle();
    }
    var chunk = NativeMethods.DataChunks.DuckDBCreateDataChunk(handles, (ulong)columns);
    var data = new byte*[columns];
    // Addresses ascending in steps of 24 to 80 bytes, a hundred types, sizes as the walkthrough's: what a heap gives.
    var address = 0x7f0000000000UL + ((ulong)thread << 36);
    var random = new Random(thread);
    for (long done = 0; done < rows; done += Chunk)
    {
        NativeMethods.DataChunks.DuckDBDataChunkReset(chunk);
        for (var c = 0; c < columns; c++)
        {
            data[c] = (byte*)NativeMethods.Vectors.DuckDBVectorGetData(NativeMethods.DataChunks.DuckDBDataChunkGetVector(chunk, c));
        }
        var count = (int)Math.Min(Chunk, rows - done);
        for (var i = 0; i < count && columns == 3; i++)
        {
            // A reference: from an object to one about a hundred objects on, through one of a few dozen fields.
            address += (ulong)(24 + (i & 7) * 8);
            ((ulong*)data[0])[i] = address;
            ((ulong*)data[1])[i] = address + (ulong)random.Next(8000);
            ((int*)data[2])[i] = random.Next(40);
        }
        for (var i = 0; i < count && columns == 8; i++)
        {
            var size = 24 + (i & 7) * 8;
            address += (ulong)size;
            ((ulong*)data[0])[i] = address;
            ((int*)data[1])[i] = random.Next(100);
            ((long*)data[2])[i] = size;
            data[3][i] = 2;
            ((bool*)data[4])[i] = true;
            ((long*)data[5])[i] = random.Next(1000);
            ((ulong*)data[6])[i] = address - 4000;
            ((ulong*)data[7])[i] = address - 24;
        }
        NativeMethods.DataChunks.DuckDBDataChunkSetSize(chunk, (ulong)count);
        if (NativeMethods.Appender.DuckDBAppendDataChunk(appender, chunk) != DuckDBState.Success)
        {
            throw new InvalidOperationException("append failed");
        }
    }
    NativeMethods.Appender.DuckDBAppenderClose(appender);
    chunk.Dispose();
    appender.Dispose();
    foreach (var type in types)
    {
        type.Dispose();
    }
}
