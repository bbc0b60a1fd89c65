import React, {useEffect, useState} from 'react';
import {FlatList, SafeAreaView, Text, View} from 'react-native';
import {products, Product} from '@cornerstore/api';
import {PriceTag} from '@cornerstore/ui';

export default function App() {
  const [items, setItems] = useState<Product[]>([]);
  useEffect(() => {
    products('local').then(setItems);
  }, []);
  return (
    <SafeAreaView style={{flex: 1}}>
      <FlatList
        data={items}
        keyExtractor={p => p.sku}
        renderItem={({item}) => (
          <View style={{flexDirection: 'row', justifyContent: 'space-between', padding: 12}}>
            <Text>{item.name}</Text>
            <PriceTag pence={item.pence} />
          </View>
        )}
      />
    </SafeAreaView>
  );
}
