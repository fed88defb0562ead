//! The games and turns tables (`seega::table`): any bytes read as an archive give rows that
//! Arrow assembles without error, one row a game in the games table and as many in the turns
//! table as its rows count, whatever the games hold (syntax errors, variations, long comments,
//! odd tags).

use seega::archive::for_each_object;
use seega::notation::Source;
use seega::render::game_json::GameObject;
use seega::render::game_view::visit_object;
use seega::table::Table;
use seega::table::arrow::record_batch;
use seega::validate::Options;

/// The target `tables`.
pub fn tables(data: &[u8]) {
    let source = Source::from_bytes(data);
    let opts = Options::default();
    let mut objects = Vec::new();
    let read = for_each_object(&source, "fuzz.sgn", &opts, &mut |o: GameObject| {
        objects.push(o);
        Ok::<(), ()>(())
    });
    assert!(read.is_ok(), "the objects are read");
    for table in [Table::Games, Table::Turns] {
        let mut rows = table.rows();
        for o in &objects {
            visit_object(o, rows.as_mut());
        }
        let part = rows.finish(0);
        let n = part.rows();
        if table == Table::Games {
            assert_eq!(n, objects.len(), "one row a game");
        }
        let batch = record_batch(&table.schema(), part.leaves)
            .unwrap_or_else(|e| panic!("the {} table's rows: {e}", table.name()));
        assert_eq!(batch.num_rows(), n, "the {} table's rows", table.name());
    }
}
